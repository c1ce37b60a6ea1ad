import { randomUUID } from 'node:crypto';
import { appendFile, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseDelta } from '../../src/mqtt/protocol';
import { createRecorder, inventoryOf, profileNamed, replayLog, startBridge } from '../../simulator/index';
import { type TestBroker, startTestBroker } from './helpers/broker';
import { type Observer, observe } from './helpers/observer';
import { until } from './helpers/until';

const SERIAL = 'SIM-REPLAY';
const SECRET = 'replay-secret';
const DELTA = `bridges/${SERIAL}/delta`;
const SAMPLE = new URL('../../simulator/logs/sample.ndjson', import.meta.url).pathname;

/** What a delta says, without when: replay moves timestamps to the time of replay. */
const contentOf = (delta: any) => delta.updates.map(({ timestamp: _measuredAt, ...update }: any) => update);

async function logLines(file: string): Promise<any[]> {
  return (await readFile(file, 'utf8'))
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line));
}

describe('replaying a delta log', () => {
  let broker: TestBroker;
  let cloud: Observer;

  beforeEach(async () => {
    broker = await startTestBroker({ [SERIAL]: SECRET });
    cloud = await observe(broker.url, [`bridges/${SERIAL}/#`]);
  });

  afterEach(async () => {
    await cloud.close();
    await broker.close();
  });

  it('ships a sample log of a few hundred valid deltas under 200 KB', async () => {
    const text = await readFile(SAMPLE, 'utf8');
    const lines = text.split('\n').filter((line) => line.trim() !== '');
    expect(Buffer.byteLength(text)).toBeLessThan(200 * 1024);
    expect(lines.length).toBeGreaterThanOrEqual(150);
    for (const line of lines) expect(parseDelta(line)).toMatchObject({ ok: true });
  });

  it("sends the log's deltas in order, with timestamps moved to now and their spacing kept", async () => {
    const expected = await logLines(SAMPLE);
    const replay = replayLog({
      mqttUrl: broker.url,
      serial: SERIAL,
      secret: SECRET,
      file: SAMPLE,
      speed: 2000,
      inventory: inventoryOf(profileNamed('motor-yacht')),
    });
    try {
      const startedAt = Date.now();
      expect(await replay.finished).toBe(expected.length);
      const delivered = await cloud.collect(DELTA, expected.length);

      expect(delivered.map(contentOf)).toEqual(expected.map(contentOf));
      const times = delivered.map((delta) => Date.parse(delta.updates[0].timestamp));
      expect(times).toEqual([...times].sort((a, b) => a - b));
      expect(times[0]).toBeGreaterThanOrEqual(startedAt - 1000);
      await cloud.next(`bridges/${SERIAL}/devices`);
      await cloud.next(`bridges/${SERIAL}/status`, (status) => status.online === true);
    } finally {
      await replay.stop();
    }
  });

  it('refuses PUTs while replaying, since nothing on board is listening', async () => {
    const replay = replayLog({ mqttUrl: broker.url, serial: SERIAL, secret: SECRET, file: SAMPLE, speed: 1 });
    try {
      await cloud.next(`bridges/${SERIAL}/status`, (status) => status.online === true);
      const requestId = randomUUID();
      await cloud.send(`bridges/${SERIAL}/put`, { requestId, context: 'vessels.self', put: { path: 'electrical.switches.bank.0.1.state', value: 1 } });
      expect(await cloud.next(`bridges/${SERIAL}/put/response`)).toMatchObject({ requestId, state: 'FAILED', statusCode: 403 });
    } finally {
      await replay.stop();
    }
  });

  it('plays back what a bridge recorded', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'vessel-link-sim-'));
    const file = join(folder, 'recorded.ndjson');
    try {
      const recorder = await createRecorder(file);
      const bridge = startBridge({
        mqttUrl: broker.url,
        serial: 'SIM-RECORDED',
        secret: 'any',
        tickMs: 10,
        onDelta: (delta) => recorder.recorded < 20 && recorder.record(delta),
      });
      await until(() => recorder.recorded >= 20, 'twenty deltas are recorded');
      await bridge.stop();
      await recorder.close();
      const recorded = (await logLines(file)).map(contentOf);

      const replay = replayLog({ mqttUrl: broker.url, serial: SERIAL, secret: SECRET, file, speed: 100 });
      await replay.finished;
      await replay.stop();
      const delivered = await cloud.collect(DELTA, 20);
      expect(delivered.map(contentOf)).toEqual(recorded);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });

  it('rejects a log with a line that is not a delta, naming the line', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'vessel-link-sim-'));
    const file = join(folder, 'broken.ndjson');
    try {
      const recorder = await createRecorder(file);
      recorder.record({ updates: [{ values: [{ path: 'navigation.speedOverGround', value: 3 }] }] });
      await recorder.close();
      await appendFile(file, '{"not": "a delta"}\n');

      const replay = replayLog({ mqttUrl: broker.url, serial: SERIAL, secret: SECRET, file, speed: 100 });
      await expect(replay.finished).rejects.toThrow(/line 2/);
      await replay.stop();
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});
