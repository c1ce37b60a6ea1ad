/**
 * Retention (docs/operations.md): old history, track, audit entries, outbox mails and error
 * reports are pruned in small batches while bridges keep ingesting, and nothing inside its
 * retention window is lost, including every value acknowledged during the pruning. Raw history
 * follows RETENTION_RAW_DAYS, never longer than RETENTION_HISTORY_DAYS (tests/devices/history-buckets.test.ts).
 */
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../helpers/server.js';
import { connectBridge, delta, pairedBridge, rollUpHistory, storedHistory } from '../mqtt/helpers.js';

const DAY = 86_400_000;
const HISTORY_DAYS = 30;
let t: TestServer;
let client: MqttClient;
let bridge: { id: number; serial: string; secret: string };

beforeAll(async () => {
  t = await createTestServer({
    demo: true,
    listen: true,
    env: { RETENTION_HISTORY_DAYS: String(HISTORY_DAYS), RETENTION_AUDIT_DAYS: '60', RETENTION_OUTBOX_DAYS: '7', RETENTION_ERROR_REPORTS_DAYS: '14' },
  });
  const admin = await t.login('admin@demo.test');
  bridge = await pairedBridge(t, admin, 'Sea Breeze', 'BR-RETENTION');
  client = await connectBridge(t, bridge);
  // The pass at start has run on an empty history; what follows is judged by explicit passes.
  await t.server.app.retention.run();
});
afterAll(async () => {
  await client?.endAsync();
  await t.close();
});

const PATH = 'environment.outside.temperature';

/** Old chunks written straight into the history, as months of ingest would have left them. */
async function seedHistory(ageDays: number, chunks: number): Promise<number[]> {
  const series = await t.database.db('value_series').where({ bridge_id: bridge.id, path: PATH }).first('id');
  const base = Date.now() - ageDays * DAY;
  const rows = Array.from({ length: chunks }, (_, i) => ({
    series_id: series.id,
    from_ms: base + i * 1000,
    to_ms: base + i * 1000 + 500,
    count: 1,
    samples: JSON.stringify([[base + i * 1000, -i]]),
  }));
  for (let i = 0; i < rows.length; i += 200) await t.database.db('value_history').insert(rows.slice(i, i + 200));
  return rows.map((r) => r.from_ms);
}

const iso = (ageDays: number) => new Date(Date.now() - ageDays * DAY).toISOString();

describe('retention', () => {
  it('prunes what is past its window in small batches under load, and keeps everything inside it', async () => {
    await client.publishAsync(`bridges/${bridge.serial}/delta`, delta([{ path: PATH, value: 0 }]), { qos: 1 });
    const expired = await seedHistory(HISTORY_DAYS + 5, 1200);
    const kept = await seedHistory(HISTORY_DAYS - 1, 300);
    await t.database.db('locations').insert([
      { bridge_id: bridge.id, ts_ms: Date.now() - (HISTORY_DAYS + 1) * DAY, lat: 1, lon: 1 },
      { bridge_id: bridge.id, ts_ms: Date.now() - (HISTORY_DAYS - 1) * DAY, lat: 2, lon: 2 },
    ]);
    await t.database.db('audit_log').insert([
      { at: iso(61), action: 'old', outcome: 200 },
      { at: iso(59), action: 'recent', outcome: 200 },
    ]);
    await t.database.db('mail_outbox').insert([
      { to_address: 'a@demo.test', subject: 'old', transport: 'outbox', created_at: iso(8) },
      { to_address: 'a@demo.test', subject: 'recent', transport: 'outbox', created_at: iso(6) },
    ]);
    await t.database.db('error_reports').insert([
      { timestamp: iso(15), platform: 'web', created_at: iso(15), displayed_msg: 'old' },
      { timestamp: iso(13), platform: 'web', created_at: iso(13), displayed_msg: 'recent' },
    ]);

    // Raw history goes only once it is in the rollups.
    await rollUpHistory(t);

    // The bridge keeps publishing (QoS 1: a resolved publish is stored) while the pruner runs in batches of 50.
    t.server.app.retention.batch = 50;
    let stop = false;
    const acknowledged: number[] = [];
    const publishing = (async () => {
      for (let value = 1; !stop; value++) {
        await client.publishAsync(`bridges/${bridge.serial}/delta`, delta([{ path: PATH, value }]), { qos: 1 });
        acknowledged.push(value);
      }
    })();
    while (acknowledged.length < 5) await new Promise((resolve) => setImmediate(resolve));
    const deleted = await t.server.app.retention.run();
    stop = true;
    await publishing;

    expect(deleted).toMatchObject({ history: 1200, track: 1, audit: 1, outbox: 1, errorReports: 1 });
    const history = await storedHistory(t, bridge.id, PATH);
    const times = new Set(history.map((h) => h.tsMs));
    expect(expired.filter((ms) => times.has(ms))).toEqual([]);
    expect(kept.filter((ms) => !times.has(ms))).toEqual([]);
    const values = new Set(history.map((h) => Number(h.value)));
    expect(acknowledged.filter((v) => !values.has(v))).toEqual([]);
    expect(await t.database.db('locations').where({ bridge_id: bridge.id }).pluck('lat')).toEqual([2]);
    expect(await t.database.db('audit_log').whereIn('action', ['old', 'recent']).pluck('action')).toEqual(['recent']);
    expect(await t.database.db('mail_outbox').whereIn('subject', ['old', 'recent']).pluck('subject')).toEqual(['recent']);
    expect(await t.database.db('error_reports').whereIn('displayed_msg', ['old', 'recent']).pluck('displayed_msg')).toEqual(['recent']);
  });
});
