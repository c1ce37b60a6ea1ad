/**
 * The Knex writer (PostgreSQL, or SQLite without better-sqlite3's connection): the same batch as
 * multi-row statements in one Knex transaction.
 */
import type { Knex } from 'knex';
import { type Database, dialect } from '../../../db/knex.js';
import {
  type BatchSeries,
  chunksOf,
  type IngestItem,
  type Receipt,
  ringHolds,
  ringsOf,
  type SeriesBatch,
  SeriesIds,
  seriesOf,
  type BridgeSighting,
  SourcesWritten,
  type ValueStore,
} from './batch.js';

/** Rows per multi-row statement: well under PostgreSQL's 65,535 bind parameters. */
const CHUNK = 1000;

function chunks<T>(rows: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += CHUNK) out.push(rows.slice(i, i + CHUNK));
  return out;
}

export class KnexValueStore implements ValueStore {
  private readonly postgres: boolean;
  private readonly series: SeriesIds;
  private readonly sources = new SourcesWritten();

  constructor(private readonly db: Database) {
    this.postgres = dialect(db) === 'postgres';
    this.series = new SeriesIds(db);
  }

  async commit(items: IngestItem[]): Promise<void> {
    const ids = await this.series.forBatch(items);
    const batch = seriesOf(items);
    const sightings = this.sources.due(items);
    await this.db.transaction(async (trx) => {
      await this.writeNewest(trx, batch, ids);
      const history = batch.flatMap(({ bridgeId, path, samples }) => {
        const seriesId = ids.get(bridgeId, path);
        return chunksOf(samples).map((c) => ({ series_id: seriesId, from_ms: c.fromMs, to_ms: c.toMs, count: c.count, samples: c.samples }));
      });
      for (const rows of chunks(history)) await trx('value_history').insert(rows);
      const locations = items
        .filter((i) => !i.duplicate)
        .flatMap((i) =>
          i.locations.map((l) => ({
            bridge_id: i.bridgeId,
            ts_ms: l.tsMs,
            lat: l.lat,
            lon: l.lon,
            speed_over_ground: l.speedOverGround,
            course_over_ground_true: l.courseOverGroundTrue,
            source: l.source,
          })),
        );
      for (const rows of chunks(locations)) await trx('locations').insert(rows);
      await this.writeSources(trx, sightings);
      await this.writeRings(trx, items);
    });
    ids.commit();
    this.sources.written(sightings);
  }

  async hasReceipt(bridgeId: number, receipt: Receipt): Promise<boolean> {
    const row: { slots: Buffer } | undefined = await this.db('ingest_receipt_rings').where({ bridge_id: bridgeId }).first('slots');
    return ringHolds(row?.slots, receipt);
  }

  forget(bridgeId: number): void {
    this.series.forget(bridgeId);
    this.sources.forget(bridgeId);
  }

  /** Creates the series a new path needs and moves current values forward (never back). */
  private async writeNewest(trx: Knex.Transaction, batch: SeriesBatch[], ids: BatchSeries): Promise<void> {
    for (const rows of chunks(batch)) {
      const changed: Array<{ id: number; bridge_id: number; path: string }> = await trx('value_series')
        .insert(rows.map(({ bridgeId, path, newest }) => ({ bridge_id: bridgeId, path, value: newest.json, ts_ms: newest.tsMs, source: newest.source })))
        .onConflict(['bridge_id', 'path'])
        .merge(['value', 'ts_ms', 'source'])
        .where('value_series.ts_ms', '<=', trx.raw('excluded.ts_ms'))
        .returning(['id', 'bridge_id', 'path']);
      for (const c of changed) ids.remember(c.bridge_id, c.path, c.id);
    }
  }

  /** Each bridge's receipt ring, read (and on PostgreSQL locked) in the batch's transaction and written back once. */
  private async writeRings(trx: Knex.Transaction, items: IngestItem[]): Promise<void> {
    const bridges = [...new Set(items.filter((i) => i.receipt).map((i) => i.bridgeId))];
    if (!bridges.length) return;
    let read = trx('ingest_receipt_rings').whereIn('bridge_id', bridges).select('bridge_id', 'slots');
    if (this.postgres) read = read.forUpdate();
    const stored = new Map((await read).map((r: { bridge_id: number; slots: Buffer }) => [r.bridge_id, r.slots]));
    const rings = [...ringsOf(items, (id) => stored.get(id))].map(([bridgeId, slots]) => ({ bridge_id: bridgeId, slots }));
    for (const rows of chunks(rings)) await trx('ingest_receipt_rings').insert(rows).onConflict('bridge_id').merge(['slots']);
  }

  private async writeSources(trx: Knex.Transaction, sightings: BridgeSighting[]): Promise<void> {
    for (const rows of chunks(sightings)) {
      await trx('message_sources')
        .insert(
          rows.map((s) => ({
            bridge_id: s.bridgeId,
            uid: s.uid,
            enabled: true,
            location_enabled: s.locationEnabled,
            reports_position: s.reportsPosition,
            first_seen_ms: s.lastSeenMs,
            last_seen_ms: s.lastSeenMs,
          })),
        )
        .onConflict(['bridge_id', 'uid'])
        .merge({
          last_seen_ms: trx.raw(`${this.postgres ? 'GREATEST' : 'MAX'}(message_sources.last_seen_ms, excluded.last_seen_ms)`),
          reports_position: trx.raw('message_sources.reports_position OR excluded.reports_position'),
          location_enabled: trx.raw('message_sources.location_enabled OR excluded.location_enabled'),
        });
    }
  }
}
