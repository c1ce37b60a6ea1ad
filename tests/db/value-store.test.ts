/**
 * The ingest's writers (src/modules/devices/value-store) on their own: history keeps every sample
 * in any order, a current value only moves forward (docs/protocol.md store-and-forward), and what a
 * batch wrote reads the same before and after the rollup job folds it into per-series rows
 * (docs/decisions.md, "History as a batch writes it"), including values buffered hours ago that
 * arrive beside live ones.
 */
import { describe, expect, it } from 'vitest';
import { type Database, insertId, nowIso } from '../../src/db/knex.js';
import { foldBatches, samplesOf, storedChunks } from '../../src/modules/telemetry/history-repository.js';
import { createValueStore, type IngestItem, MAX_CHUNK_SPAN_MS } from '../../src/modules/telemetry/value-store/index.js';
import { createTestDatabase, testDialects } from '../helpers/db.js';

/** One message of `values`: [path, value, timestamp]. */
const message = (bridgeId: number, values: Array<[string, number, number]>): IngestItem => ({
  bridgeId,
  values: values.map(([path, value, tsMs]) => ({ path, json: JSON.stringify(value), value, tsMs, source: 'n2k.1' })),
  locations: [],
  sources: [],
  receipt: null,
  duplicate: false,
  notifications: [],
});

const HOUR = 3600_000;

describe.each(testDialects())('the value store on %s', (which) => {
  it('keeps every sample, moves current values only forward, and reads the same once the batches are folded', async () => {
    const { db, drop } = await createTestDatabase(which);
    try {
      const now = nowIso();
      const bridgeId = await insertId(db, 'bridges', { serial: 'BR-STORE-1', secret_hash: 'x', created_at: now, updated_at: now });
      const store = createValueStore(db);
      const [A, B] = ['navigation.speedOverGround', 'environment.depth.belowTransducer'];
      const t0 = 10 * HOUR;

      await store.commit([message(bridgeId, [[A, 1, t0 + 1000]]), message(bridgeId, [[B, 10, t0 + 1000]])]);
      // B's value from the bridge's buffer is older than the one stored: history only. So is A's
      // from two hours ago, in the same batch as live values.
      await store.commit([
        message(bridgeId, [[A, 2, t0 + 2000]]),
        message(bridgeId, [[B, 5, t0 + 500]]),
        message(bridgeId, [[A, 0, t0 - 2 * HOUR]]),
        message(bridgeId, [[A, 3, t0 + 2500]]),
      ]);

      const seriesOf = async (path: string) =>
        (await db('value_series').where({ bridge_id: bridgeId, path }).first('id', 'value', 'ts_ms')) as { id: number; value: string; ts_ms: number };
      /** The samples a reader finds in [fromMs, toMs], as charts and exports ask (a chunk starts at most an hour before its first sample). */
      const samples = async (path: string, fromMs = 0, toMs = 100 * HOUR) => {
        const chunks = await storedChunks(db as Database, (await seriesOf(path)).id, fromMs - MAX_CHUNK_SPAN_MS, toMs + 1, fromMs);
        return chunks
          .flatMap(samplesOf)
          .filter(([ts]) => ts >= fromMs && ts <= toMs)
          .sort((x, y) => x[0] - y[0]);
      };
      const expected = {
        A: [
          [t0 - 2 * HOUR, 0],
          [t0 + 1000, 1],
          [t0 + 2000, 2],
          [t0 + 2500, 3],
        ],
        B: [
          [t0 + 500, 5],
          [t0 + 1000, 10],
        ],
      };
      expect(await samples(A)).toEqual(expected.A);
      expect(await samples(B)).toEqual(expected.B);
      expect(await samples(A, t0 - 2 * HOUR - 10, t0 - 2 * HOUR + 10)).toEqual([[t0 - 2 * HOUR, 0]]);
      expect(await seriesOf(A)).toMatchObject({ value: '3', ts_ms: t0 + 2500 });
      expect(await seriesOf(B)).toMatchObject({ value: '10', ts_ms: t0 + 1000 });

      // A fold takes whole batch rows, oldest first, about as many samples as it is given (one row
      // at least): part-way through, every sample is still read once. (PostgreSQL writes no batch rows.)
      const sqlite = which === 'sqlite';
      const firstSeq = Number((await db('value_batches').min({ seq: 'seq' }).first())?.seq ?? 0);
      expect(await db.transaction((trx) => foldBatches(trx, 1))).toBe(sqlite ? 2 : 0);
      // A pass folds up to the newest row it saw at its start, however many come after.
      expect(await db.transaction((trx) => foldBatches(trx, 1000, firstSeq))).toBe(0);
      expect(await samples(A)).toEqual(expected.A);
      expect(await samples(B)).toEqual(expected.B);
      expect(await db.transaction((trx) => foldBatches(trx, 1000))).toBe(sqlite ? 4 : 0);
      expect(await db.transaction((trx) => foldBatches(trx, 1000))).toBe(0);
      expect(Number((await db('value_batches').count({ n: '*' }).first())?.n)).toBe(0);
      expect(await samples(A)).toEqual(expected.A);
      expect(await samples(B)).toEqual(expected.B);
      expect(await samples(A, t0 - 2 * HOUR - 10, t0 - 2 * HOUR + 10)).toEqual([[t0 - 2 * HOUR, 0]]);
      // Folded rows are a series' samples in time order, none spanning more than an hour.
      const rows: Array<{ from_ms: number | string; to_ms: number | string; samples: string }> = await db('value_history')
        .where({ series_id: (await seriesOf(A)).id })
        .orderBy('from_ms')
        .select('from_ms', 'to_ms', 'samples');
      const folded = rows.map((r) => JSON.parse(r.samples) as Array<[number, number]>);
      expect(folded.flat().sort((x, y) => x[0] - y[0])).toEqual(expected.A);
      for (const [i, r] of rows.entries()) {
        expect(folded[i]).toEqual([...folded[i]].sort((x, y) => x[0] - y[0]));
        expect([Number(r.from_ms), Number(r.to_ms)]).toEqual([folded[i][0][0], folded[i][folded[i].length - 1][0]]);
        expect(Number(r.to_ms) - Number(r.from_ms)).toBeLessThanOrEqual(MAX_CHUNK_SPAN_MS);
      }

      // Later batches after a fold are read beside the folded rows.
      await store.commit([message(bridgeId, [[A, 4, t0 + 3000]]), message(bridgeId, [[B, 11, t0 + 3000]])]);
      expect(await samples(A)).toEqual([...expected.A, [t0 + 3000, 4]]);
      expect(await samples(B)).toEqual([...expected.B, [t0 + 3000, 11]]);
      expect(await seriesOf(A)).toMatchObject({ value: '4', ts_ms: t0 + 3000 });
    } finally {
      await drop();
    }
  });
});
