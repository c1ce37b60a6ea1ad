/**
 * The bridge agent as a user runs it, `npx vessel-link-bridge --signalk ws://127.0.0.1:3000 ...`,
 * against a real signalk-server replaying the NMEA 2000 sample it ships (issue 42): every numeric
 * path of the server's model reaches the vessel with the server's units and descriptions, those of
 * a path outside the Signal K schema too; the address works typed as `http://` or `host:port`; and
 * after the Signal K server restarts the agent reads its whole model again.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Device } from '../../contracts/devices';
import { createTestServer, type TestServer } from '../helpers/server.js';
import { type SignalKServer, startSignalKServer } from '../helpers/signalk-server.js';
import { eventually, mqttUrl, pairedBridge, provisionBridge, storedCurrent, type TestBridge } from '../mqtt/helpers.js';

const ROOT = new URL('../..', import.meta.url).pathname;

/** A sensor outside the Signal K schema, as a plugin or the server's admin UI adds one: its value and its meta, set once as the server starts. */
const CO = 'environment.inside.engineRoom.carbonMonoxide';
const CO_META = { units: 'ratio', description: 'Carbon monoxide in the engine room, as a mole fraction' };
const baseDeltas = (value: number) => [{ context: 'vessels.self', updates: [{ meta: [{ path: CO, value: CO_META }] }, { values: [{ path: CO, value }] }] }];

interface RunningAgent {
  child: ChildProcess;
  log(): string;
}

let t: TestServer;
let admin: string;
let folder: string;
let signalk: SignalKServer;
const agents: RunningAgent[] = [];

beforeAll(async () => {
  [t, signalk] = await Promise.all([createTestServer({ demo: true, listen: true }), startSignalKServer({ baseDeltas: baseDeltas(0.000004) })]);
  admin = await t.login('admin@demo.test');
  folder = await mkdtemp(join(tmpdir(), 'agent-signalk-'));
});

afterAll(async () => {
  await Promise.all(agents.map(stopAgent));
  await signalk?.close();
  await t?.close();
  await rm(folder, { recursive: true, force: true });
});

/** The agent as a user starts it, through npx, in a process group of its own; its log is stderr. */
async function startAgent(bridge: TestBridge, signalkAddress: string): Promise<RunningAgent> {
  const secretFile = join(folder, `${bridge.serial}.secret`);
  await writeFile(secretFile, `${bridge.secret}\n`);
  const child = spawn(
    'npx',
    [
      'vessel-link-bridge',
      ...['--signalk', signalkAddress, '--mqtt-url', mqttUrl(t), '--serial', bridge.serial, '--secret-file', secretFile],
      ...['--queue-dir', join(folder, bridge.serial)],
    ],
    { cwd: ROOT, detached: true, stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let log = '';
  child.stderr!.on('data', (chunk) => (log += chunk));
  const agent = { child, log: () => log };
  agents.push(agent);
  return agent;
}

async function stopAgent({ child }: RunningAgent): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  process.kill(-child.pid!, 'SIGTERM');
  await exited;
}

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
async function vesselProperties(vesselId: number, token: string): Promise<Map<string, Device['properties'][number]>> {
  const res = await t.call('GET', `/api/vessel/${vesselId}/devices`, { token });
  expect(res.status).toBe(200);
  return new Map((res.body.data as Device[]).flatMap((device) => device.properties).map((property) => [property.path, property]));
}

const modelReads = (agent: RunningAgent) => agent.log().match(/Signal K model \S+: \d+ values/g)?.length ?? 0;

describe('the agent against a real Signal K server', () => {
  let bridge: TestBridge & { vesselId: number };
  let agent: RunningAgent;
  let owner: string;

  beforeAll(async () => {
    bridge = await pairedBridge(t, admin, 'Sea Breeze', 'BR-SIGNALK');
    owner = await t.login('owner@demo.test');
    agent = await startAgent(bridge, `ws://127.0.0.1:${signalk.port}`);
  });

  it("puts every numeric path of the server's model on the vessel, with the server's units and descriptions", async () => {
    let model = new Map<string, { units?: string; description?: string }>();
    let shown = new Map<string, Device['properties'][number]>();
    const as = (property: { units?: string | null; description?: string | null } | undefined) => ({
      units: property?.units ?? '',
      description: property?.description ?? null,
    });
    // Until the vessel shows a number for each of the model's numeric paths, described as the model describes it.
    const unlike = async () => {
      model = numericValues(await signalk.model());
      shown = await vesselProperties(bridge.vesselId, owner);
      return [...model]
        .filter(([path, meta]) => typeof shown.get(path)?.value !== 'number' || !isDeepStrictEqual(as(shown.get(path)), as(meta)))
        .map(([path]) => path);
    };
    await expect.poll(unlike, { timeout: 30_000, interval: 500 }).toEqual([]);
    // Among them the three issue 42 found missing, and the path outside the schema.
    expect([...model.keys()]).toEqual(
      expect.arrayContaining(['navigation.magneticVariation', 'environment.water.temperature', 'environment.depth.transducerToKeel', CO]),
    );
    expect(shown.get(CO)).toMatchObject({ ...CO_META, value: 0.000004 });
  }, 40_000);

  it('reads the whole model again when the Signal K server restarts, and its value set once arrives again', async () => {
    await eventually(() => modelReads(agent) === 1, 'the first model read');
    await signalk.restart({ baseDeltas: baseDeltas(0.000006) });
    // The agent reopens its stream 5 s after it dropped.
    await eventually(() => modelReads(agent) === 2, 'the model read again', 20_000);
    await eventually(async () => JSON.parse((await storedCurrent(t, bridge.id, CO))?.value ?? 'null') === 0.000006, 'the new value stored');
  }, 40_000);
});

describe('the Signal K server typed another way', () => {
  it.each([
    ['http://', (port: number) => `http://127.0.0.1:${port}`],
    ['host:port', (port: number) => `127.0.0.1:${port}`],
  ])(
    'reads the model and the stream of a server typed as %s',
    async (form, address) => {
      const bridge = await provisionBridge(t, admin, `BR-SIGNALK-${form === 'http://' ? 'HTTP' : 'HOST'}`);
      const agent = await startAgent(bridge, address(signalk.port));
      // The model over http, the stream over ws, whatever the form typed.
      await eventually(() => modelReads(agent) === 1, 'the model read', 20_000);
      expect(agent.log()).toContain(`Signal K model http://127.0.0.1:${signalk.port}: `);
      expect(agent.log()).toContain(`Signal K stream ws://127.0.0.1:${signalk.port} open`);
      await eventually(() => storedCurrent(t, bridge.id, CO), 'the value set once stored');
      await eventually(() => storedCurrent(t, bridge.id, 'navigation.speedOverGround'), 'a streamed value stored');
      await stopAgent(agent);
    },
    30_000,
  );
});
