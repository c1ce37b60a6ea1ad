/**
 * When the database refuses writes (docs/operations.md, "When the database refuses writes"): a
 * full SQLite database, made so for real with `PRAGMA max_page_count` on the server's own
 * connection (SQLITE_FULL, as a full disk gives). Readiness answers 503, a bridge's CONNECT is
 * answered "server unavailable", the log says so in a few JSON lines, not one per message; once
 * the database takes writes again the node is ready and the bridge is let back in, and no value a
 * bridge had a PUBACK for is missing.
 */
import type BetterSqlite3 from 'better-sqlite3';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WRITE_VERDICT_MS } from '../../src/db/write-health.js';
import { createTestServer, type TestServer } from '../helpers/server.js';
import { startBridge, type BridgeHandle } from '../../simulator/index.js';
import { connectBridge, delta, pairedBridge, provisionBridge, publishInventory, storedHistory, type TestBridge } from '../mqtt/helpers.js';

const PATHS = Array.from({ length: 40 }, (_, i) => `environment.inside.cabin${i}.temperature`);
const START = Date.UTC(2026, 10, 1, 10, 0, 0);

let t: TestServer;
let bridge: TestBridge;
/** A second bridge, the simulator's, which reconnects by itself (every 100 ms here). */
let agent: TestBridge;
let simulated: BridgeHandle | undefined;

beforeAll(async () => {
  t = await createTestServer({ demo: true, listen: true, env: { LOG_LEVEL: 'warn' } });
  const admin = await t.login('admin@demo.test');
  bridge = await pairedBridge(t, admin, 'Sea Breeze');
  agent = await provisionBridge(t, admin);
});
afterAll(async () => {
  await simulated?.stop();
  await t?.close();
});

/** A pragma on the server's own SQLite connection (the one that writes). */
async function writerPragma(pragma: string): Promise<unknown> {
  const conn = (await t.database.db.client.acquireConnection()) as BetterSqlite3.Database;
  try {
    return conn.pragma(pragma, { simple: true });
  } finally {
    await t.database.db.client.releaseConnection(conn);
  }
}

const ready = async () => {
  const res = await t.call('GET', '/api/health/ready');
  return { status: res.status, body: res.body as Record<string, unknown> };
};

/** Message n: every path, at its own time, so each stored sample names the message it came in. */
const message = (n: number) =>
  delta(
    PATHS.map((path, i) => ({ path, value: n * 100 + i })),
    { timestamp: new Date(START + n * 1000).toISOString() },
  );

/** Resolves once the client's connection closes. */
const closings = new WeakMap<MqttClient, Promise<false>>();
const closed = (client: MqttClient): Promise<false> => {
  let closing = closings.get(client);
  if (!closing) closings.set(client, (closing = new Promise((resolve) => client.once('close', () => resolve(false)))));
  return closing;
};

/** Publishes one message: true once acknowledged, false when the connection closed first. */
const publish = (client: MqttClient, n: number): Promise<boolean> =>
  Promise.race([
    client.publishAsync(`bridges/${bridge.serial}/delta`, message(n), { qos: 1 }).then(
      () => true,
      () => false,
    ),
    closed(client),
  ]);

/** Lines the server wrote to stdout while `work` ran. */
async function logged(work: () => Promise<void>): Promise<string[]> {
  const written: string[] = [];
  const original = process.stdout.write.bind(process.stdout);
  process.stdout.write = ((chunk: string | Uint8Array) => written.push(String(chunk)) > 0) as typeof process.stdout.write;
  try {
    await work();
  } finally {
    process.stdout.write = original;
  }
  return written.join('').split('\n').filter(Boolean);
}

describe.skipIf(process.env.TEST_DATABASE_URL)('a database that refuses writes (SQLite full)', () => {
  it('makes the node unready and refuses bridges with "server unavailable", then takes them back; no acknowledged value is lost', async () => {
    const acknowledged: number[] = [];
    let n = 0;
    let client = await connectBridge(t, bridge);
    client.on('error', () => {});
    await publishInventory(client, bridge.serial);
    for (; n < 5; n++) if (await publish(client, n)) acknowledged.push(n);
    expect(acknowledged).toEqual([0, 1, 2, 3, 4]);
    expect((await ready()).status).toBe(200);

    // The database may grow no more: once its free pages are used up, every commit fails with SQLITE_FULL.
    await writerPragma('wal_checkpoint(TRUNCATE)');
    await t.database.db.raw('vacuum');
    expect(await writerPragma(`max_page_count = ${Number(await writerPragma('page_count'))}`)).toBeGreaterThan(0);

    // What the bridge still has to send: messages it had no PUBACK for.
    let unacknowledged: number[] = [];
    const lines = await logged(async () => {
      // The bridge keeps 20 messages in flight until they are not acknowledged: the server closes its connection.
      while (client.connected && n < 2000) {
        const window = Array.from({ length: 20 }, () => n++);
        const answers = await Promise.all(window.map((m) => publish(client, m)));
        window.forEach((m, i) => (answers[i] ? acknowledged : unacknowledged).push(m));
      }
      expect(client.connected).toBe(false);
      expect(unacknowledged.length).toBeGreaterThanOrEqual(20);

      const notReady = await ready();
      expect(notReady).toMatchObject({ status: 503, body: { ok: false, database: 'up', writes: 'down', message: expect.stringContaining('refuses writes') } });
      // A bridge is told to come back later, again and again, while the database is full; the
      // simulator's keeps trying (mqtt.js alone would give up after a refused CONNECT).
      for (let attempt = 0; attempt < 20; attempt++) {
        await expect(connectBridge(t, bridge)).rejects.toMatchObject({ code: 3 });
      }
      simulated = startBridge({
        mqttUrl: `mqtt://127.0.0.1:${t.server.app.mqtt.port}`,
        serial: agent.serial,
        secret: agent.secret,
        reconnectMs: 100,
        logLevel: 'error',
      });
      await new Promise((resolve) => setTimeout(resolve, 1000));
      expect(simulated.connected).toBe(false);
      // A verdict that has aged is asked again with a write of its own: still full.
      t.server.app.ctx.clock.advance(WRITE_VERDICT_MS);
      expect(await ready()).toMatchObject({ status: 503, body: { writes: 'down' } });
    });
    // One JSON object a line, and a handful of lines, not one per message or per attempt.
    const parsed = lines.map((line) => JSON.parse(line) as { level: string; msg: string; code?: string });
    expect(parsed.filter((l) => l.msg.startsWith('the database refuses writes'))).toMatchObject([{ level: 'error', code: 'SQLITE_FULL' }]);
    expect(parsed.filter((l) => l.msg.startsWith('bridge refused'))).toHaveLength(1);
    expect(parsed.length).toBeLessThan(10);

    // Room again (the disk was cleared): once a write succeeds the node is ready and the bridge is back.
    await writerPragma('max_page_count = 1073741823');
    t.server.app.ctx.clock.advance(WRITE_VERDICT_MS);
    expect(await ready()).toMatchObject({ status: 200, body: { ok: true, writes: 'up' } });
    await simulated!.waitForConnect(5000);
    client = await connectBridge(t, bridge);
    client.on('error', () => {});
    // The bridge sends again what it had no PUBACK for, and goes on.
    const resent = [...unacknowledged, n++, n++];
    expect(await Promise.all(resent.map((m) => publish(client, m)))).toEqual(resent.map(() => true));
    acknowledged.push(...resent);
    unacknowledged = [];
    await client.endAsync();

    // Every message was acknowledged in the end, and every acknowledged one is stored.
    expect(acknowledged.toSorted((a, b) => a - b)).toEqual(Array.from({ length: n }, (_, m) => m));
    const stored = new Set((await storedHistory(t, bridge.id, PATHS[0])).map((s) => s.tsMs));
    expect(acknowledged.filter((m) => !stored.has(START + m * 1000))).toEqual([]);
  });
});
