/**
 * The bridge agent as a boat installs it: `npm pack` in bridge/ makes a tarball that installs
 * with Node and npm alone into an empty folder, runs `--help`, loads as a Signal K server plugin,
 * and depends on nothing of the cloud (issue 42). Installing fetches the agent's dependencies from the npm registry.
 */
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const BRIDGE = new URL('../../bridge', import.meta.url).pathname;
const CLOUD_PACKAGES = /^(@hapi\/|hapi|knex$|better-sqlite3$|sqlite3$|pg$|bullmq$|ioredis$|react|vite|@vitejs\/|@tanstack\/)/;

describe('the vessel-link-bridge package', () => {
  let folder: string;
  let app: string;
  let manifest: {
    name: string;
    main: string;
    keywords: string[];
    engines: { node: string };
    'signalk-plugin-enabled-by-default': boolean;
    dependencies?: Record<string, string>;
    optionalDependencies?: Record<string, string>;
  };

  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'bridge-package-'));
    await run('npm', ['pack', '--pack-destination', folder], { cwd: BRIDGE, maxBuffer: 16 * 1024 * 1024 });
    const tarball = (await readdir(folder)).find((file) => file.endsWith('.tgz'));
    if (!tarball) throw new Error('npm pack made no tarball');
    app = join(folder, 'app');
    await mkdir(app);
    await run('npm', ['install', '--no-audit', '--no-fund', join(folder, tarball)], { cwd: app, maxBuffer: 16 * 1024 * 1024 });
    manifest = JSON.parse(await readFile(join(app, 'node_modules/vessel-link-bridge/package.json'), 'utf8'));
  }, 300_000);
  afterAll(async () => {
    await rm(folder, { recursive: true, force: true });
  });

  it('installs into an empty folder and runs --help', async () => {
    const { stdout } = await run(join(app, 'node_modules/.bin/vessel-link-bridge'), ['--help'], { cwd: app });
    expect(stdout).toContain('Usage: vessel-link-bridge');
    expect(stdout).toContain('--mqtt-url');
  });

  it('is a Signal K server plugin too, disabled until configured, that loads from the installed package', async () => {
    expect(manifest).toMatchObject({ keywords: expect.arrayContaining(['signalk-node-server-plugin']), 'signalk-plugin-enabled-by-default': false });
    // As signalk-server loads a plugin: require() of the package folder, called with the server's app.
    const script = `const plugin = require(${JSON.stringify(join(app, 'node_modules/vessel-link-bridge'))})({});
      process.stdout.write(JSON.stringify({ id: plugin.id, name: plugin.name, required: plugin.schema.required, start: typeof plugin.start, stop: typeof plugin.stop }));`;
    const { stdout } = await run(process.execPath, ['-e', script], { cwd: app });
    expect(JSON.parse(stdout)).toEqual({
      id: 'vessel-link-bridge',
      name: 'Vessel Link',
      required: ['mqttUrl', 'serial', 'secret'],
      start: 'function',
      stop: 'function',
    });
  });

  it('runs on Node 20.10 or later, with the serial and CAN packages optional', () => {
    expect(manifest.engines.node).toBe('>=20.10');
    expect(Object.keys(manifest.optionalDependencies ?? {}).sort()).toEqual(['serialport', 'socketcan']);
    expect(Object.keys(manifest.dependencies ?? {})).not.toEqual(expect.arrayContaining(['serialport']));
  });

  it('depends on nothing of the cloud', () => {
    expect(manifest.name).toBe('vessel-link-bridge');
    const names = [...Object.keys(manifest.dependencies ?? {}), ...Object.keys(manifest.optionalDependencies ?? {})];
    expect(names).toContain('mqtt');
    expect(names.filter((name) => CLOUD_PACKAGES.test(name))).toEqual([]);
  });
});
