import { defineConfig } from 'vitest/config';

/**
 * The suite in four layers (docs/testing.md), each runnable alone: `vitest run --project unit`.
 * - unit: no database of the configuration's choosing: pure code, the web app's logic, the
 *   simulator, and the SQLite-only checks (upgrade fixture, WAL checkpoints).
 * - db: everything whose behaviour depends on the database (API, value store, MQTT ingest,
 *   cluster, security matrix, the CLI suites written per dialect); `.ci/run` runs it on SQLite
 *   and again on PostgreSQL. A new test file lands here unless it is listed elsewhere.
 * - cli: the executables run as processes on SQLite (flags, exit codes, output).
 * - e2e: the browser suites and `npm start`, on one shared web build and one shared Chromium.
 */
const UNIT = [
  'tests/web/**/*.test.ts',
  'tests/simulator/**/*.test.ts',
  'tests/architecture/**/*.test.ts',
  'tests/docs/**/*.test.ts',
  'tests/bridge/limits.test.ts',
  'tests/bridge/n2k-devices.test.ts',
  'tests/bridge/plugin-config.test.ts',
  'tests/bridge/queue.test.ts',
  'tests/bridge/signalk-address.test.ts',
  'tests/cli/views.test.tsx',
  'tests/cluster/scheduler.test.ts',
  'tests/db/checkpoints.test.ts',
  'tests/devices/event-stream.test.ts',
  'tests/devices/group-commit.test.ts',
  'tests/modules/auth-login-throttle.test.ts',
  'tests/mqtt/emitter.test.ts',
  'tests/mqtt/frame-guard.test.ts',
  'tests/mqtt/ingest-meter.test.ts',
  'tests/mqtt/limits.test.ts',
  'tests/mqtt/port-fallback.test.ts',
  'tests/mqtt/routing.test.ts',
  'tests/mqtt/tally.test.ts',
  'tests/ops/monitoring.test.ts',
  'tests/ops/upgrade.test.ts',
  'tests/platform/config.test.ts',
  'tests/platform/events.test.ts',
  'tests/platform/scheduler.test.ts',
  'tests/service/due.test.ts',
];
const UNIT_EXCEPT = ['tests/simulator/cli.test.ts'];
const CLI = [
  'tests/cli/admin.test.ts',
  'tests/cli/flags.test.ts',
  'tests/cli/schema.test.ts',
  'tests/cli/services.test.ts',
  'tests/alerts/cli.test.ts',
  'tests/ops/cli.test.ts',
  'tests/ops/startup.test.ts',
  'tests/bridge/cli.test.ts',
  'tests/bridge/package.test.ts',
  'tests/bridge/signalk-server.test.ts',
  'tests/bridge/signalk-plugin.test.ts',
  'tests/simulator/cli.test.ts',
];
const E2E = ['tests/e2e/**/*.test.ts', 'tests/main.test.ts'];
const ALL = ['tests/**/*.test.ts', 'tests/**/*.test.tsx'];
// `npm run test:quick` (TEST_QUICK=1): units and API without the CLI suites, which run the
// commands end to end and belong to `npm test`. vitest's --exclude flag does not reach a
// project's own exclude list, hence the variable.
/**
 * The layers without a browser: run first, together, three files at a time, the files of a
 * worker sharing its module cache (`isolate: false`): each file builds its own server, database
 * and clients, so what a file may not share is theirs, not the modules'; loading the server's
 * modules once a worker instead of once a file took the import time of these layers from 266 s
 * to 37 s (docs/performance.md, "Test suite").
 */
const FIRST = { sequence: { groupOrder: 0 }, maxWorkers: 3, isolate: false };
const QUICK_EXCEPT = process.env.TEST_QUICK ? ['tests/cli/**'] : [];

export default defineConfig({
  test: {
    environment: 'node',
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // expect.poll waits for what a user would wait for (a row, a value); 1 s, vitest's default,
    // is too short on a busy two-core machine (CI lost a run to it).
    expect: { poll: { timeout: 10_000 } },
    // Two cores. The browser suites keep to two workers; the layers before them take a third,
    // since their slowest files mostly wait (30 s of refused connections, a Redis outage) and a
    // third file fills that time (docs/performance.md, "Test suite").
    maxWorkers: 2,
    reporters: ['default', './tests/setup/slowest.ts'],
    // Compiles what the processes under test run (dist/: server, CLI, bridge agent, simulator), once.
    globalSetup: ['tests/setup/build.ts'],
    projects: [
      { extends: true, test: { name: 'unit', include: UNIT, exclude: UNIT_EXCEPT, ...FIRST } },
      { extends: true, test: { name: 'db', include: ALL, exclude: [...UNIT, ...CLI, ...E2E, ...QUICK_EXCEPT], ...FIRST } },
      { extends: true, test: { name: 'cli', include: CLI, ...FIRST } },
      // One web build and one Chromium for every browser suite (tests/setup/browser.ts), run after
      // the other layers: a page's 30 s waits are for the browser and the app, not for CPU taken
      // by an MQTT or CLI suite beside it (the runs CI lost were all of that kind).
      {
        extends: true,
        test: {
          name: 'e2e',
          include: E2E,
          testTimeout: 90_000,
          globalSetup: ['tests/setup/browser.ts'],
          sequence: { groupOrder: 1 },
          maxWorkers: 2,
          // As the layers before: each file starts its own stage (server, bridges, browser contexts).
          isolate: false,
        },
      },
    ],
  },
});
