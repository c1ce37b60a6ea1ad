/**
 * The hot path's writer: one transaction per batch of telemetry messages (series and their
 * current values, history, locations, message sources, receipts). A series is one path of one
 * bridge. Each batch first writes the newest value of every series it carries — which creates
 * the series a new path needs — then the series' samples as history chunks: one row per series
 * per batch (split at an hour), so the busier the server, the fewer index entries per sample
 * (docs/performance.md).
 */
import { type Database, dialect } from '../../../db/knex.js';
import type { ValueStore } from './batch.js';
import { KnexValueStore } from './knex-writer.js';
import { SqliteValueStore } from './sqlite-writer.js';

export {
  chunked,
  type IngestItem,
  type IngestLocation,
  type IngestValue,
  jsonOf,
  MAX_CHUNK_SPAN_MS,
  receiptOf,
  type SourceSighting,
  type ValueStore,
} from './batch.js';

export function createValueStore(db: Database): ValueStore {
  return dialect(db) === 'sqlite' ? new SqliteValueStore(db) : new KnexValueStore(db);
}
