/**
 * PostgreSQL's connections dropped under ingest (docs/operations.md, "Faults"): while a bridge
 * streams, every connection of the server's pool is terminated by the database
 * (`pg_terminate_backend`, as a database restart or a failover does), three times. The server
 * keeps running, opens new connections, and stores every value the bridge had a PUBACK for. Runs
 * in the PostgreSQL pass (it is about PostgreSQL's connections).
 */
import type { MqttClient } from 'mqtt';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { samplesOf, storedChunks } from '../../src/modules/telemetry/history-repository.js';
import { createTestServer, type TestServer } from '../helpers/server.js';
import { delta, eventually, mqttUrl, provisionBridge, type TestBridge } from '../mqtt/helpers.js';

const postgres = Boolean(process.env.TEST_DATABASE_URL);
const PATH = 'propulsion.main.revolutions';
let t: TestServer;
let bridge: TestBridge;

beforeAll(async () => {
  if (!postgres) return;
  t = await createTestServer({ demo: true, listen: true, dialect: 'postgres' });
  bridge = await provisionBridge(t, await t.login('admin@demo.test'));
});
afterAll(async () => {
  await t?.close();
});

describe.runIf(postgres)('PostgreSQL connections dropped under ingest', () => {
  it('keeps the server running and stores every value it acknowledged, across three drops', async () => {
    const acked = new Set<number>();
    let next = 0;
    let stop = false;
    const start = Date.now() - 3_600_000;
    let client: MqttClient | null = null;
    const streaming = (async () => {
      while (!stop) {
        if (!client?.connected) {
          client?.end(true);
          client = await mqtt
            .connectAsync(mqttUrl(t), {
              clientId: bridge.serial,
              username: bridge.serial,
              password: bridge.secret,
              reconnectPeriod: 0,
              protocolVersion: 4,
              connectTimeout: 3000,
            })
            .catch(() => null);
          client?.on('error', () => {});
          if (!client) await new Promise((r) => setTimeout(r, 200));
          continue;
        }
        await Promise.all(
          Array.from({ length: 20 }, () => {
            const n = next++;
            const payload = delta([{ path: PATH, value: n }], { timestamp: new Date(start + n).toISOString() });
            return Promise.race([
              client!.publishAsync(`bridges/${bridge.serial}/delta`, payload, { qos: 1 }).then(() => acked.add(n)),
              new Promise((r) => setTimeout(r, 3000)),
            ]).catch(() => {});
          }),
        );
      }
    })();

    let terminated = 0;
    for (let drop = 1; drop <= 3; drop++) {
      const before = acked.size;
      await eventually(() => acked.size >= before + 200, `values acknowledged before drop ${drop}`, 30_000);
      const killed = await t.database.db.raw(
        'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
      );
      terminated += killed.rows.length;
    }
    // The server's connections were there to be dropped: the test did not drop nothing.
    expect(terminated).toBeGreaterThan(0);
    const last = acked.size;
    await eventually(() => acked.size >= last + 200, 'acknowledging after the last drop', 30_000);
    stop = true;
    await streaming;
    (client as MqttClient | null)?.end(true);

    const series = await t.database.db('value_series').where({ bridge_id: bridge.id, path: PATH }).first('id');
    const stored = new Set(
      (await storedChunks(t.database.db, series.id, 0, Number.MAX_SAFE_INTEGER, 0)).flatMap((c) => samplesOf(c).map(([, v]) => Number(v))),
    );
    const lost = [...acked].filter((n) => !stored.has(n));
    expect({ acknowledged: acked.size, lost }).toEqual({ acknowledged: acked.size, lost: [] });
    expect((await fetch(`http://127.0.0.1:${t.server.info.port}/api/health/live`)).status).toBe(200);
  }, 150_000);
});
