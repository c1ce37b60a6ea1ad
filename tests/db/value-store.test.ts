/**
 * The ingest's writers (src/modules/devices/value-store) on their own: history keeps every sample
 * in any order, a current value only moves forward (BRIDGE.md store-and-forward), and on SQLite a
 * series whose open history row has gone since its last batch (rewritten by the compaction or
 * pruned by retention) starts a new row rather than losing its samples.
 */
import { describe, expect, it } from 'vitest';
import { insertId, nowIso } from '../../src/db/knex.js';
import { createValueStore, type IngestItem } from '../../src/modules/devices/value-store/index.js';
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

describe.each(testDialects())('the value store on %s', (which) => {
  it('keeps every sample, moves current values only forward, and survives an open row that has gone', async () => {
    const { db, drop } = await createTestDatabase(which);
    try {
      const now = nowIso();
      const bridgeId = await insertId(db, 'bridges', { serial: 'BR-STORE-1', secret_hash: 'x', created_at: now, updated_at: now });
      const store = createValueStore(db);
      const [A, B] = ['navigation.speedOverGround', 'environment.depth.belowTransducer'];

      await store.commit([message(bridgeId, [[A, 1, 1000]]), message(bridgeId, [[B, 10, 1000]])]);
      // B's value from the bridge's buffer is older than the one stored: history only.
      await store.commit([message(bridgeId, [[A, 2, 2000]]), message(bridgeId, [[B, 5, 500]]), message(bridgeId, [[A, 3, 2500]])]);

      const seriesOf = async (path: string) =>
        (await db('value_series').where({ bridge_id: bridgeId, path }).first('id', 'value', 'ts_ms')) as { id: number; value: string; ts_ms: number };
      const samplesOf = async (path: string) => {
        const rows = (await db('value_history')
          .where({ series_id: (await seriesOf(path)).id })
          .select('samples')) as Array<{ samples: string }>;
        return rows.flatMap((r) => JSON.parse(r.samples) as Array<[number, number]>).sort((x, y) => x[0] - y[0]);
      };
      expect(await samplesOf(A)).toEqual([
        [1000, 1],
        [2000, 2],
        [2500, 3],
      ]);
      expect(await samplesOf(B)).toEqual([
        [500, 5],
        [1000, 10],
      ]);

      // A's rows are gone (as when the compaction rewrites an hour): its next samples need a row of their own.
      await db('value_history')
        .where({ series_id: (await seriesOf(A)).id })
        .delete();
      await store.commit([message(bridgeId, [[A, 4, 3000]]), message(bridgeId, [[B, 11, 3000]])]);

      expect(await samplesOf(A)).toEqual([[3000, 4]]);
      expect(await samplesOf(B)).toEqual([
        [500, 5],
        [1000, 10],
        [3000, 11],
      ]);
      expect(await seriesOf(A)).toMatchObject({ value: '4', ts_ms: 3000 });
      expect(await seriesOf(B)).toMatchObject({ value: '11', ts_ms: 3000 });
    } finally {
      await drop();
    }
  });
});
