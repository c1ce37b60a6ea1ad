/**
 * Import boundaries (docs/architecture.md, "Boundaries"). `npm test` runs them through
 * tests/architecture/boundaries.test.ts; `npx depcruise -c .dependency-cruiser.cjs src contracts web/src cli simulator bridge`
 * prints the same findings.
 */
module.exports = {
  forbidden: [
    {
      name: 'module-internals',
      comment: 'A module talks to another only through its api.ts (server.ts composes the index.ts files).',
      severity: 'error',
      from: { path: '^src/modules/([^/]+)/' },
      to: { path: '^src/modules/([^/]+)/', pathNot: ['^src/modules/$1/', '^src/modules/[^/]+/api\\.ts$'] },
    },
    {
      name: 'cli-through-api',
      comment: 'The admin CLI opens the server (src/server.ts) and reaches a module only through its api.ts.',
      severity: 'error',
      from: { path: '^cli/' },
      to: { path: '^src/modules/[^/]+/', pathNot: '^src/modules/[^/]+/api\\.ts$' },
    },
    {
      name: 'no-circular',
      comment: 'Files do not import each other in a circle.',
      severity: 'error',
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    {
      name: 'server-stands-alone',
      comment: 'The server runs beside the simulator and the CLI, never imports them (nor the tests).',
      severity: 'error',
      from: { path: '^(src|contracts)/' },
      to: { path: '^(simulator|cli|tests|web|bench)/' },
    },
    {
      name: 'contracts-are-leaves',
      comment: 'contracts/ is shared by the server, the web app and the simulator: it imports nothing of theirs.',
      severity: 'error',
      from: { path: '^contracts/' },
      to: { path: '^(src|web|simulator|cli|fixtures)/' },
    },
    {
      name: 'web-speaks-http',
      comment: 'The web app knows the server only through contracts/ and HTTP.',
      severity: 'error',
      from: { path: '^web/src/' },
      to: { path: '^(src|cli|simulator|fixtures|migrations)/' },
    },
    {
      name: 'simulator-is-a-bridge',
      comment: 'The simulator plays a bridge: it knows the protocol (contracts/), not the server.',
      severity: 'error',
      from: { path: '^simulator/' },
      to: { path: '^(src|cli|web)/' },
    },
    {
      name: 'bridge-stands-alone',
      comment:
        'The bridge package (bridge/) ships on its own to the boat: it shares contracts/ with the cloud and imports nothing of the server, the simulator, the web app or the CLI. The simulator may use the bridge client, not the other way round.',
      severity: 'error',
      from: { path: '^bridge/' },
      to: { path: '^(src|simulator|web|cli|tests|migrations)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist)/|routeTree\\.gen\\.ts$' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs'], extensionAlias: { '.js': ['.ts', '.tsx', '.js'] } },
  },
};
