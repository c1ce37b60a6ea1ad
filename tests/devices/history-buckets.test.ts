/**
 * History for charts (docs/decisions.md, "History for charts"): a property's values downsampled
 * into buckets (min, max, mean, last, count; gaps stay gaps) from raw samples and from the
 * rollups, the rollup job resuming batch by batch while a bridge keeps sending, the compaction
 * of raw rows into hours ("Compacted history") changing no answer, retention pruning raw
 * samples and compacted hours but keeping the rollups, a deleted bridge leaving no history, and
 * the validation of `buckets` and ranges.
 */
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialect } from '../../src/db/knex.js';
import { bucketWidth } from '../../src/modules/telemetry/buckets.js';
import { createTestServer, type TestServer } from '../helpers/server.js';
import { connectBridge, delta, pairedBridge, publishInventory, storedHistory, type TestBridge } from '../mqtt/helpers.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const PATH = 'electrical.batteries.house.voltage';

let t: TestServer;
let admin: string;
let owner: string;
let bridge: TestBridge & { vesselId: number };
let client: MqttClient;
let propertyId: number;
let seriesId: number;
/** Three hours, two days ago: samples every 10 s in the first and the third, none in the second. */
const base = Math.floor((Date.now() - 2 * DAY) / HOUR) * HOUR;
const seeded: Array<[number, unknown]> = [];

beforeAll(async () => {
  t = await createTestServer({ demo: true, listen: true, env: { RETENTION_RAW_DAYS: '5', RETENTION_HISTORY_DAYS: '30' } });
  admin = await t.login('admin@demo.test');
  owner = await t.login('owner@demo.test');
  bridge = await pairedBridge(t, admin, 'Sea Breeze', 'BR-BUCKETS');
  client = await connectBridge(t, bridge);
  await publishInventory(client, bridge.serial);
  await client.publishAsync(`bridges/${bridge.serial}/delta`, delta([{ path: PATH, value: 12.5 }]), { qos: 1 });
  const devices = (await t.call('GET', `/api/vessel/${bridge.vesselId}/devices`, { token: owner })).body.data;
  propertyId = devices.flatMap((d: { properties: Array<{ id: number; path: string }> }) => d.properties).find((p: { path: string }) => p.path === PATH).id;
  seriesId = (await t.database.db('value_series').where({ bridge_id: bridge.id, path: PATH }).first('id')).id;
  for (const hour of [0, 2]) for (let s = 0; s < 3600; s += 10) seeded.push([base + hour * HOUR + s * 1000, 12 + ((s * 7) % 100) / 100]);
  // A value that is not a number is kept in the history but not summarised.
  seeded.push([base + 30_005, 'calibrating']);
  await seedChunks(seeded);
});
afterAll(async () => {
  await client?.endAsync();
  await t.close();
});

/** Raw chunks as ingest writes them: a few samples each, spanning less than an hour, inserted out of order (store-and-forward). */
async function seedChunks(samples: Array<[number, unknown]>): Promise<void> {
  const parts: Array<Array<[number, unknown]>> = [];
  for (const sample of [...samples].sort((a, b) => a[0] - b[0])) {
    const part = parts.at(-1);
    if (part && part.length < 7 && sample[0] - part[0][0] < HOUR) part.push(sample);
    else parts.push([sample]);
  }
  const rows = parts.map((part) => ({
    series_id: seriesId,
    from_ms: part[0][0],
    to_ms: part[part.length - 1][0],
    count: part.length,
    samples: JSON.stringify(part),
  }));
  for (const r of rows.reverse()) await t.database.db('value_history').insert(r);
}

/** What the buckets of width `w` must hold, computed straight from the samples. */
function expected(samples: Array<[number, unknown]>, fromMs: number, toMs: number, w: number) {
  const out = new Map<number, number[][]>();
  for (const [ts, v] of samples) {
    if (typeof v !== 'number' || ts < fromMs || ts > toMs) continue;
    const start = ts - (ts % w);
    out.set(start, [...(out.get(start) ?? []), [ts, v]]);
  }
  return [...out.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([start, points]) => {
      const values = points.map((p) => p[1]);
      return {
        timestamp: new Date(start).toISOString(),
        min: Math.min(...values),
        max: Math.max(...values),
        mean: expect.closeTo(values.reduce((a, b) => a + b, 0) / values.length, 9),
        last: points.sort((a, b) => a[0] - b[0])[points.length - 1][1],
        count: values.length,
      };
    });
}

const values = (query: string) => t.call('GET', `/api/simpleDevices/values?propertyId=${propertyId}&${query}`, { token: owner });
const range = (fromMs: number, toMs: number, buckets: number) =>
  `dateFrom=${new Date(fromMs).toISOString()}&dateTo=${new Date(toMs).toISOString()}&buckets=${buckets}`;
const rollups = () => t.server.plugins.telemetry.rollups;
const compaction = () => t.server.plugins.telemetry.compaction;

/** The server's clock runs ahead of the wall clock by what the test moved it; it only moves forward. */
function advance(ms: number): void {
  t.server.app.ctx.clock.advance(ms);
}

/** The job rolls up to the horizon an earlier pass took at least 5 s before: passes 10 s apart get everything stored now. */
async function rollUpEverything(): Promise<void> {
  for (let pass = 0; pass < 3; pass++) {
    advance(10_000);
    await rollups().run();
  }
}

/** A series' compacted hours (before `beforeMs`) with their sample counts. */
async function compactedHours(beforeMs: number): Promise<Array<[number, number]>> {
  const rows: Array<{ hour_ms: number | string; count: number }> = await t.database
    .db('value_history_hours')
    .where({ series_id: seriesId })
    .where('hour_ms', '<', beforeMs)
    .orderBy('hour_ms')
    .select('hour_ms', 'count');
  return rows.map((r) => [Number(r.hour_ms), r.count]);
}

async function rawRowsBefore(beforeMs: number): Promise<number> {
  const [{ n }] = await t.database.db('value_history').where({ series_id: seriesId }).where('from_ms', '<', beforeMs).count({ n: '*' });
  return Number(n);
}

async function rollupRows(table: string) {
  return t.database
    .db(table)
    .where({ series_id: seriesId })
    .orderBy('bucket_ms')
    .select('bucket_ms', 'min_value', 'max_value', 'sum_value', 'sample_count', 'last_value');
}

describe('history in buckets', () => {
  it('answers min, max, mean, last and count per bucket, the hour without values absent, from raw samples and from the rollups alike', async () => {
    const toMs = base + 3 * HOUR - 1;
    const hourly = await values(range(base, toMs, 4));
    expect(hourly.status, JSON.stringify(hourly.body)).toBe(200);
    expect(bucketWidth(base, toMs, 4)).toBe(HOUR);
    expect(hourly.body.data).toEqual(expected(seeded, base, toMs, HOUR));
    expect(hourly.body.data.map((b: { timestamp: string }) => b.timestamp)).toEqual([new Date(base).toISOString(), new Date(base + 2 * HOUR).toISOString()]);

    // Narrower than a minute: from raw samples.
    const fine = await values(range(base + 1000, base + 601_000, 100));
    const fineWidth = bucketWidth(base + 1000, base + 601_000, 100);
    expect(fineWidth % 60_000).not.toBe(0);
    expect(fine.body.data).toEqual(expected(seeded, base + 1000, base + 601_000, fineWidth));
    expect(fine.body.data.length).toBeLessThanOrEqual(100);

    await rollUpEverything();
    expect((await values(range(base, toMs, 4))).body.data).toEqual(hourly.body.data);
    const minutes = await values(range(base, toMs, 100));
    const minuteWidth = bucketWidth(base, toMs, 100);
    expect(minuteWidth % 60_000).toBe(0);
    expect(minutes.body.data).toEqual(expected(seeded, base, toMs, minuteWidth));
    expect(minutes.body.data.length).toBeLessThanOrEqual(100);
    // The hours of the rollup are those of the samples: none for the hour without values.
    expect((await rollupRows('value_rollup_hour')).filter((r) => Number(r.bucket_ms) < base + 3 * HOUR).map((r) => Number(r.bucket_ms))).toEqual([
      base,
      base + 2 * HOUR,
    ]);
  });

  it('keeps the answer without buckets as it was: the values themselves', async () => {
    const res = await values(`dateFrom=${new Date(base).toISOString()}&dateTo=${new Date(base + 60_000).toISOString()}`);
    expect(res.body.data.slice(0, 2)).toEqual([
      { timestamp: new Date(base).toISOString(), value: 12 },
      { timestamp: new Date(base + 10_000).toISOString(), value: 12.7 },
    ]);
  });

  it('refuses bad buckets and ranges with 400', async () => {
    const hourAgo = Date.now() - HOUR;
    for (const query of [
      range(hourAgo, Date.now(), 1),
      range(hourAgo, Date.now(), 2001),
      `buckets=many`,
      `buckets=2.5`,
      range(Date.now(), hourAgo, 10),
      range(Date.now() - 401 * DAY, Date.now(), 10),
    ]) {
      const res = await values(query);
      expect(res.status, query).toBe(400);
      expect(res.body).toMatchObject({ ok: false, status: 400 });
    }
  });
});

describe('the rollup job', () => {
  it('resumes batch by batch while the bridge keeps sending, and counts every sample once', async () => {
    await t.database.db('value_rollup_minute').del();
    await t.database.db('value_rollup_hour').del();
    await t.database.db('value_rollup_state').update({ cursor: 0, horizon: 0, horizon_ms: 0, rolled_ms: 0 });
    const job = rollups();
    job.batch = 5;
    advance(10_000);
    await job.run();
    advance(10_000);
    let value = 13;
    const cursors: number[] = [];
    for (let i = 0; i < 4; i++) {
      await client.publishAsync(`bridges/${bridge.serial}/delta`, delta([{ path: PATH, value: value++ }]), { qos: 1 });
      expect(await job.run({ batches: 1 })).toBe(5);
      cursors.push(Number((await t.database.db('value_rollup_state').first('cursor')).cursor));
    }
    expect(cursors).toEqual([...cursors].sort((a, b) => a - b));
    expect(new Set(cursors).size).toBe(4);
    job.batch = 2000;
    await rollUpEverything();

    // Every raw sample, summed per minute straight from the history, equals the minute rollups.
    const raw: Array<{ samples: string }> = await t.database.db('value_history').where({ series_id: seriesId }).select('samples');
    const perMinute = new Map<number, { min: number; max: number; sum: number; n: number }>();
    for (const row of raw) {
      for (const [ts, v] of JSON.parse(row.samples) as Array<[number, unknown]>) {
        if (typeof v !== 'number') continue;
        const m = ts - (ts % 60_000);
        const a = perMinute.get(m) ?? { min: v, max: v, sum: 0, n: 0 };
        perMinute.set(m, { min: Math.min(a.min, v), max: Math.max(a.max, v), sum: a.sum + v, n: a.n + 1 });
      }
    }
    const minutes = await rollupRows('value_rollup_minute');
    expect(minutes.map((r) => [Number(r.bucket_ms), r.min_value, r.max_value, Number(r.sample_count)])).toEqual(
      [...perMinute.entries()].sort((a, b) => a[0] - b[0]).map(([m, a]) => [m, a.min, a.max, a.n]),
    );
    for (const r of minutes) expect(r.sum_value).toBeCloseTo(perMinute.get(Number(r.bucket_ms))!.sum, 9);
  });

  it('writes each commit’s samples in a batch row that the job folds into raw rows, and rolls up each sample once', async () => {
    const path = 'electrical.batteries.house.current';
    const sqlite = dialect(t.database.db) === 'sqlite';
    const at = Date.now() - HOUR;
    // One message at a time: each is its own group commit.
    const send = (i: number) =>
      client.publishAsync(`bridges/${bridge.serial}/delta`, delta([{ path, value: i }], { timestamp: new Date(at + i * 1000).toISOString() }), { qos: 1 });
    for (let i = 0; i < 20; i++) await send(i);
    const id = (await t.database.db('value_series').where({ bridge_id: bridge.id, path }).first('id')).id;
    const rows = async () =>
      (await t.database.db('value_history').where({ series_id: id }).orderBy('from_ms').select('from_ms', 'to_ms', 'count', 'samples')).map((r) => ({
        fromMs: Number(r.from_ms),
        toMs: Number(r.to_ms),
        count: Number(r.count),
        samples: JSON.parse(r.samples) as Array<[number, number]>,
      }));
    const batchRows = async () => Number((await t.database.db('value_batches').where({ bridge_id: bridge.id }).count({ n: '*' }).first())?.n);
    const samples = Array.from({ length: 20 }, (_, i): [number, number] => [at + i * 1000, i]);
    const stored = async () =>
      (await storedHistory(t, bridge.id, path)).map((s): [number, number] => [s.tsMs, JSON.parse(s.value)]).sort((a, b) => a[0] - b[0]);
    expect(await stored()).toEqual(samples);
    if (sqlite) {
      // The SQLite writer writes one row per bridge and commit; the series has no raw row yet.
      expect(await batchRows()).toBe(20);
      expect(await rows()).toEqual([]);
    } else {
      // The PostgreSQL writer writes one row per series and batch.
      expect((await rows()).map((r) => r.count)).toEqual(samples.map(() => 1));
    }

    // The job folds the batch rows into the series' raw rows, in time order, then rolls them up.
    await rollUpEverything();
    expect(await batchRows()).toBe(0);
    expect(await stored()).toEqual(samples);
    if (sqlite) expect(await rows()).toEqual([{ fromMs: at, toMs: at + 19_000, count: 20, samples }]);
    await send(20);
    expect((await rows()).map((r) => r.count)).toEqual(sqlite ? [20] : samples.map(() => 1).concat(1));
    await rollUpEverything();
    expect((await rows()).map((r) => r.count)).toEqual(sqlite ? [20, 1] : samples.map(() => 1).concat(1));
    const minutes = await t.database.db('value_rollup_minute').where({ series_id: id }).select('sample_count', 'sum_value');
    expect(minutes.reduce((n, r) => n + Number(r.sample_count), 0)).toBe(21);
    expect(minutes.reduce((n, r) => n + Number(r.sum_value), 0)).toBe(210);
  });
});

describe('compaction', () => {
  const toMs = base + 3 * HOUR - 1;
  /** Everything that reads the three hours: the samples, their export, buckets from raw samples and from the rollups. */
  const answers = async () => ({
    samples: (await values(`dateFrom=${new Date(base).toISOString()}&dateTo=${new Date(toMs).toISOString()}`)).body.data,
    csv: (
      await t.call(
        'GET',
        `/api/vessel/${bridge.vesselId}/properties/${propertyId}/history.csv?from=${new Date(base).toISOString()}&to=${new Date(toMs).toISOString()}&units=si`,
        { token: owner },
      )
    ).body,
    fine: (await values(range(base + 1000, base + 601_000, 100))).body.data,
    minutes: (await values(range(base, toMs, 100))).body.data,
    minuteRollups: await rollupRows('value_rollup_minute'),
    hourRollups: await rollupRows('value_rollup_hour'),
  });

  it('merges the rows the rollup job has read into one row per hour, and every answer stays the same', async () => {
    await rollUpEverything();
    const before = await answers();
    expect(before.samples).toHaveLength(seeded.length);
    expect(before.csv.trim().split('\r\n')).toHaveLength(seeded.length + 1);
    expect(await rawRowsBefore(base + 3 * HOUR)).toBeGreaterThan(0);

    // Batches smaller than an hour: an hour is merged into again by the next batch.
    compaction().batch = 10;
    expect(await compaction().run()).toBeGreaterThan(0);
    compaction().batch = 4000;
    expect(await rawRowsBefore(base + 3 * HOUR)).toBe(0);
    expect(await compactedHours(base + 3 * HOUR)).toEqual([
      [base, 361],
      [base + 2 * HOUR, 360],
    ]);
    // The rollup job never reads a compacted sample again.
    await rollUpEverything();
    expect(await answers()).toEqual(before);
  });

  it('adds a sample that arrives late for a compacted hour to it once, and to the rollups once', async () => {
    const minute = async () => (await rollupRows('value_rollup_minute')).find((r) => Number(r.bucket_ms) === base)!;
    const before = await minute();
    // Store-and-forward: raw until the rollup job has read it, then merged into its hour.
    await seedChunks([[base + 15_000, 99]]);
    // The newest raw row is never compacted (its number would be taken again): the bridge sends on.
    await client.publishAsync(`bridges/${bridge.serial}/delta`, delta([{ path: PATH, value: 14 }]), { qos: 1 });
    await compaction().run();
    expect(await rawRowsBefore(base + 3 * HOUR)).toBe(1);
    await rollUpEverything();
    await compaction().run();
    await rollUpEverything();
    expect(await rawRowsBefore(base + 3 * HOUR)).toBe(0);
    expect(await compactedHours(base + 3 * HOUR)).toEqual([
      [base, 362],
      [base + 2 * HOUR, 360],
    ]);
    expect(await minute()).toMatchObject({ max_value: 99, sample_count: Number(before.sample_count) + 1 });
    const samples = (await values(`dateFrom=${new Date(base).toISOString()}&dateTo=${new Date(base + 60_000).toISOString()}`)).body.data;
    expect(samples.filter((s: { value: unknown }) => s.value === 99)).toEqual([{ timestamp: new Date(base + 15_000).toISOString(), value: 99 }]);
  });
});

describe('retention', () => {
  it('prunes raw samples and compacted hours after RETENTION_RAW_DAYS but keeps the rollups, and charts still draw from them', async () => {
    await rollUpEverything();
    const toMs = base + 3 * HOUR - 1;
    const before = (await values(range(base, toMs, 4))).body.data;
    expect(await compactedHours(base + 3 * HOUR)).toHaveLength(2);
    // Raw samples older than the raw window that the job has not reached yet stay.
    const late: Array<[number, unknown]> = [[base - 10 * HOUR, 11]];
    await seedChunks(late);

    advance(4 * DAY);
    const deleted = await t.server.app.retention.run();
    expect(deleted.history).toBeGreaterThan(0);
    expect(deleted.rollups).toBe(0);
    const left: Array<{ from_ms: number | string }> = await t.database
      .db('value_history')
      .where({ series_id: seriesId })
      .where('from_ms', '<', base + 3 * HOUR)
      .select('from_ms');
    expect(left.map((r) => Number(r.from_ms))).toEqual([base - 10 * HOUR]);
    expect(await compactedHours(base + 3 * HOUR)).toEqual([]);
    expect((await rollupRows('value_rollup_hour')).length).toBeGreaterThan(0);
    expect((await values(range(base, toMs, 4))).body.data).toEqual(before);
  });
});

describe('a deleted bridge', () => {
  it('leaves no history behind: raw rows, compacted hours and rollups go with it', async () => {
    await seedChunks(seeded);
    await rollUpEverything();
    await compaction().run();
    expect((await compactedHours(base + 3 * HOUR)).length).toBeGreaterThanOrEqual(2);
    expect((await t.call('DELETE', `/api/admin/reportingClients/${bridge.id}`, { token: admin })).body.data).toEqual({ deleted: true });
    for (const table of ['value_history', 'value_history_hours', 'value_rollup_minute', 'value_rollup_hour'])
      expect(await t.database.db(table).where({ series_id: seriesId }).first(), table).toBeUndefined();
  });
});
