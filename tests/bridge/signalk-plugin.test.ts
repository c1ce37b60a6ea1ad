/**
 * The bridge as a Signal K server plugin (issue 42): the bridge package, compiled as `npm pack`
 * compiles it, installed in a real signalk-server's node_modules as its app store would leave it
 * and configured through its plugin configuration, with the server replaying the NMEA 2000 sample
 * it ships. Every numeric path of the server's model reaches the vessel with the server's units
 * and descriptions (a path outside the schema, set once as the server starts, included), the
 * whole model goes again after the link reconnects, and a command from the cloud goes through the
 * server's PUT handling to the plugin that owns the path and back.
 */
import { execFile } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Device } from '../../contracts/devices';
import { createTestServer, type TestServer } from '../helpers/server.js';
import { type SignalKServer, startSignalKServer } from '../helpers/signalk-server.js';
import { eventually, mqttUrl, pairedBridge, storedCurrent, type TestBridge } from '../mqtt/helpers.js';

const run = promisify(execFile);
const ROOT = new URL('../..', import.meta.url).pathname;
const BRIDGE = join(ROOT, 'bridge');

/** A sensor outside the Signal K schema, set once as the server starts (its baseDeltas.json). */
const CO = 'environment.inside.engineRoom.carbonMonoxide';
const CO_META = { units: 'ratio', description: 'Carbon monoxide in the engine room, as a mole fraction' };
const BASE_DELTAS = [{ context: 'vessels.self', updates: [{ meta: [{ path: CO, value: CO_META }] }, { values: [{ path: CO, value: 0.000004 }] }] }];

/** A switch another plugin owns, as a digital switching plugin would: it reports the state and handles PUTs to it. */
const LIGHT = 'electrical.switches.anchorLight.state';
const SWITCH_PLUGIN = `
module.exports = (app) => ({
  id: 'test-anchor-light',
  name: 'Anchor light (test)',
  schema: {},
  start() {
    const set = (value) => app.handleMessage('test-anchor-light', { updates: [{ values: [{ path: '${LIGHT}', value }] }] });
    set(0);
    app.registerPutHandler('vessels.self', '${LIGHT}', (context, path, value, callback) => {
      if (value !== 0 && value !== 1) return { state: 'COMPLETED', statusCode: 400, message: 'The anchor light is on (1) or off (0)' };
      // As a relay does: PENDING at once, the outcome once it switched.
      setTimeout(() => {
        set(value);
        callback({ state: 'COMPLETED', statusCode: 200 });
      }, 200);
      return { state: 'PENDING' };
    });
  },
  stop() {},
});
`;

let t: TestServer;
let folder: string;
let signalk: SignalKServer;
let bridge: TestBridge & { vesselId: number };
let owner: string;

/** The bridge package as npm packs it (package.json, README, dist/ from build.mjs), with the repository's node_modules for its dependencies. */
async function stageBridgePackage(into: string): Promise<string> {
  const directory = join(into, 'vessel-link-bridge');
  await mkdir(directory, { recursive: true });
  // Into a folder of its own: tests/bridge/package.test.ts packs (and so compiles into) bridge/dist meanwhile.
  await run(process.execPath, [join(BRIDGE, 'build.mjs'), '--outdir', join(directory, 'dist')], { cwd: BRIDGE });
  for (const file of ['package.json', 'README.md']) await copyFile(join(BRIDGE, file), join(directory, file));
  await symlink(join(ROOT, 'node_modules'), join(directory, 'node_modules'), 'dir');
  return directory;
}

async function stageSwitchPlugin(into: string): Promise<string> {
  const directory = join(into, 'test-anchor-light');
  await mkdir(directory, { recursive: true });
  await writeFile(
    join(directory, 'package.json'),
    JSON.stringify({ name: 'test-anchor-light', version: '1.0.0', main: 'index.js', keywords: ['signalk-node-server-plugin'] }),
  );
  await writeFile(join(directory, 'index.js'), SWITCH_PLUGIN);
  return directory;
}

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'signalk-plugin-'));
  const [server, bridgePackage, switchPlugin] = await Promise.all([
    createTestServer({ demo: true, listen: true }),
    stageBridgePackage(folder),
    stageSwitchPlugin(folder),
  ]);
  t = server;
  const admin = await t.login('admin@demo.test');
  bridge = await pairedBridge(t, admin, 'Sea Breeze', 'BR-SK-PLUGIN');
  owner = await t.login('owner@demo.test');
  signalk = await startSignalKServer({
    baseDeltas: BASE_DELTAS,
    plugins: [
      {
        directory: bridgePackage,
        id: 'vessel-link-bridge',
        configuration: { mqttUrl: mqttUrl(t), serial: bridge.serial, secret: bridge.secret },
        debug: true,
      },
      { directory: switchPlugin, id: 'test-anchor-light' },
    ],
  });
}, 120_000);

afterAll(async () => {
  await signalk?.close();
  await t?.close();
  await rm(folder, { recursive: true, force: true });
});

/** Every numeric value of a Signal K model, by path, with its meta's units and description. */
function numericValues(model: unknown): Map<string, { units?: string; description?: string }> {
  const found = new Map<string, { units?: string; description?: string }>();
  const visit = (node: unknown, path: string[]) => {
    if (typeof node !== 'object' || node === null) return;
    const { value, meta } = node as { value?: unknown; meta?: { units?: string; description?: string } };
    if (typeof value === 'number') found.set(path.join('.'), { units: meta?.units, description: meta?.description });
    if ('value' in node) return;
    for (const [key, child] of Object.entries(node)) if (key !== 'meta') visit(child, [...path, key]);
  };
  visit(model, []);
  return found;
}

/** The vessel's properties as the web app reads them (`GET /api/vessel/{id}/devices`), by path. */
async function vesselProperties(): Promise<Map<string, Device['properties'][number]>> {
  const res = await t.call('GET', `/api/vessel/${bridge.vesselId}/devices`, { token: owner });
  expect(res.status).toBe(200);
  return new Map((res.body.data as Device[]).flatMap((device) => device.properties).map((property) => [property.path, property]));
}

describe('the Vessel Link plugin inside a real Signal K server', () => {
  it('is listed among the server’s plugins, enabled, with its configuration form', async () => {
    const res = await fetch(`${signalk.url}/skServer/plugins`);
    expect(res.status).toBe(200);
    const plugins = (await res.json()) as Array<{ id: string; name: string; data: { enabled: boolean }; schema: { required: string[] } }>;
    const plugin = plugins.find(({ id }) => id === 'vessel-link-bridge');
    expect(plugin, signalk.output()).toMatchObject({ name: 'Vessel Link', data: { enabled: true } });
    expect(plugin!.schema.required).toEqual(['mqttUrl', 'serial', 'secret']);
  });

  it("puts every numeric path of the server's model on the vessel, with the server's units and descriptions", async () => {
    let model = new Map<string, { units?: string; description?: string }>();
    let shown = new Map<string, Device['properties'][number]>();
    // What the server says of a path, the vessel says too; where the server says nothing (the switch's meta has no units), the schema speaks.
    const described = (property: Device['properties'][number] | undefined, meta: { units?: string; description?: string }) =>
      (meta.units === undefined || property?.units === meta.units) && (meta.description === undefined || property?.description === meta.description);
    // Until the vessel shows a number for each of the model's numeric paths, described as the model describes it.
    const unlike = async () => {
      model = numericValues(await signalk.model());
      shown = await vesselProperties();
      // The sample's 16 numeric paths, the one set once at start and the switch.
      if (model.size < 18) return [`the server's model has ${model.size} numeric paths yet`];
      return [...model].filter(([path, meta]) => typeof shown.get(path)?.value !== 'number' || !described(shown.get(path), meta)).map(([path]) => path);
    };
    await expect.poll(unlike, { timeout: 40_000, interval: 500 }).toEqual([]);
    // The values the server received once and never streams again, and the path outside the schema.
    expect([...model.keys()]).toEqual(
      expect.arrayContaining(['navigation.magneticVariation', 'environment.water.temperature', 'environment.depth.transducerToKeel', CO, LIGHT]),
    );
    expect(shown.get(CO)).toMatchObject({ ...CO_META, value: 0.000004 });
    expect(shown.get(LIGHT)).toMatchObject({ units: 'bool', writable: true, value: 0 });
  }, 60_000);

  it('sends the whole model again when its link to Vessel Link reconnects', async () => {
    const modelsSent = () => signalk.output().match(/Signal K model this Signal K server: \d+ values/g)?.length ?? 0;
    await eventually(() => modelsSent() === 1, 'the model sent on the first connect');
    // The cloud's reboot restarts the bridge's uplink: a new connect.
    const res = await t.call('POST', `/api/vessel/${bridge.vesselId}/reboot?adminPassword=vessel-link-demo`, { token: owner });
    expect(res.status).toBe(200);
    await eventually(() => modelsSent() === 2, 'the model sent again', 20_000);
    expect(signalk.output()).toMatch(/Signal K model this Signal K server: [1-9]\d+ values/);
  }, 30_000);

  it("carries out a command from the cloud through the server's PUT handling, and reports a refusal", async () => {
    const light = await eventually(async () => (await vesselProperties()).get(LIGHT), 'the anchor light property', 20_000);
    expect(light.writable).toBeTruthy();
    const res = await t.call('POST', `/api/vessel/${bridge.vesselId}/sendCommand`, { token: owner, payload: { deviceProperty: light.id, value: 1 } });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ state: 'CONFIRMED', statusCode: 200 });
    // The switch plugin switched it: the server's model and the cloud have it on.
    const model = (await signalk.model()) as { electrical: { switches: { anchorLight: { state: { value: number } } } } };
    expect(model.electrical.switches.anchorLight.state.value).toBe(1);
    await eventually(async () => JSON.parse((await storedCurrent(t, bridge.id, LIGHT))?.value ?? 'null') === 1, 'the light stored on');

    const refused = await t.call('POST', `/api/vessel/${bridge.vesselId}/sendCommand`, { token: owner, payload: { deviceProperty: light.id, value: 7 } });
    expect(JSON.stringify(refused.body)).toContain('The anchor light is on (1) or off (0)');
  }, 30_000);
});
