/**
 * A batch of telemetry messages as the writers store it: grouped into series (one path of one
 * bridge: its newest value and its samples), history chunks, source sightings and receipts.
 * Both writers (sqlite-writer.ts, knex-writer.ts) keep the same rules: history takes
 * everything, in any order; a current value is replaced only by one at least as new (docs/protocol.md
 * store-and-forward).
 */
import { hash } from 'node:crypto';
import type { Database } from '../../../db/knex.js';
import { sharedPath } from '../path-names.js';
import { PerBridge } from '../per-bridge.js';

export interface IngestValue {
  path: string;
  /** The value as JSON text, as stored. */
  json: string;
  value: unknown;
  tsMs: number;
  source: string;
}

export interface IngestLocation {
  tsMs: number;
  lat: number;
  lon: number;
  speedOverGround: number | null;
  courseOverGroundTrue: number | null;
  source: string;
}

export interface SourceSighting {
  uid: string;
  lastSeenMs: number;
  reportsPosition: boolean;
  locationEnabled: boolean;
}

/** A source sighting with the bridge it was seen on: one row of `message_sources`. */
export type BridgeSighting = SourceSighting & { bridgeId: number };

/**
 * A QoS 1 delta's identity: its message id and the first DIGEST_BYTES of its payload's SHA-1 (as a
 * latin1 string: one character a byte), kept in slot `messageId mod RECEIPT_SLOTS` of its
 * bridge's receipt ring.
 */
export interface Receipt {
  slot: number;
  messageId: number;
  digest: string;
}

/** Everything one telemetry message writes. */
export interface IngestItem {
  bridgeId: number;
  values: IngestValue[];
  locations: IngestLocation[];
  sources: SourceSighting[];
  receipt: Receipt | null;
  /** A redelivery of a message already stored: nothing is written again. */
  duplicate: boolean;
  notifications: Array<{ path: string; value: unknown; timestampMs: number }>;
  /** A value already stored, judged again against changed warning levels: nothing is written. */
  rejudge?: boolean;
  /** The bridge's descriptions of paths (Signal K `meta`), for what the schema leaves empty (schema-repository.ts): nothing is written here. */
  meta?: Array<{ path: string; value: { units?: string; description?: string } }>;
}

/** Receipts kept per bridge: far more than the messages a bridge has in flight at once. */
export const RECEIPT_SLOTS = 256;
/** 64 bits of the digest: with the message id, a new message taken for a redelivery is out of reach. */
const DIGEST_BYTES = 8;
/** A ring entry: the message id (16 bits, 0 = empty: MQTT message ids start at 1) and the digest. */
const RECEIPT_BYTES = 2 + DIGEST_BYTES;
const RING_BYTES = RECEIPT_SLOTS * RECEIPT_BYTES;

/** A value as the JSON text it is stored as (a number, the usual case, without the serializer). */
export const jsonOf = (value: unknown): string => (typeof value === 'number' ? String(value) : JSON.stringify(value));

/** A history chunk spans at most this much time, so a range query knows how far back to look. */
export const MAX_CHUNK_SPAN_MS = 3600_000;

export interface ValueStore {
  commit(items: IngestItem[]): Promise<void>;
  hasReceipt(bridgeId: number, receipt: Receipt): Promise<boolean>;
  /** A bridge was deleted, or its pairing ended (or began): its series are read again. */
  forget(bridgeId: number): void;
}

/** One series' share of a batch: its newest value and all its samples, in arrival order. */
export interface SeriesBatch {
  bridgeId: number;
  path: string;
  newest: IngestValue;
  samples: IngestValue[];
}

export function seriesOf(items: IngestItem[]): SeriesBatch[] {
  const byBridge = new Map<number, Map<string, SeriesBatch>>();
  const out: SeriesBatch[] = [];
  for (const item of items) {
    if (item.duplicate) continue;
    let paths = byBridge.get(item.bridgeId);
    if (!paths) byBridge.set(item.bridgeId, (paths = new Map()));
    for (const v of item.values) {
      const series = paths.get(v.path);
      if (!series) {
        const created = { bridgeId: item.bridgeId, path: v.path, newest: v, samples: [v] };
        paths.set(v.path, created);
        out.push(created);
        continue;
      }
      // On equal timestamps the later message wins.
      if (v.tsMs >= series.newest.tsMs) series.newest = v;
      series.samples.push(v);
    }
  }
  return out;
}

export interface HistoryChunk {
  fromMs: number;
  toMs: number;
  count: number;
  /** JSON: a series' row `[[tsMs, value], ...]`, oldest first; a batch row `[[seriesId, tsMs, value], ...]`. */
  samples: string;
}

/**
 * Samples (anything with a time, written as `text`) as history rows, each spanning at most
 * MAX_CHUNK_SPAN_MS and holding at most `maxCount`: in time order, and cut where a row would
 * span or hold more.
 */
export function chunked<T>(samples: T[], tsOf: (sample: T) => number, text: (sample: T) => string, maxCount = Infinity): HistoryChunk[] {
  let ordered = samples;
  for (let i = 1; i < samples.length; i++) {
    if (tsOf(samples[i - 1]) > tsOf(samples[i])) {
      ordered = [...samples].sort((a, b) => tsOf(a) - tsOf(b));
      break;
    }
  }
  const chunks: HistoryChunk[] = [];
  for (let start = 0; start < ordered.length;) {
    const fromMs = tsOf(ordered[start]);
    let out = `[${text(ordered[start])}`;
    let end = start + 1;
    for (; end < ordered.length && end - start < maxCount && tsOf(ordered[end]) - fromMs <= MAX_CHUNK_SPAN_MS; end++) out += `,${text(ordered[end])}`;
    chunks.push({ fromMs, toMs: tsOf(ordered[end - 1]), count: end - start, samples: `${out}]` });
    start = end;
  }
  return chunks;
}

/** A series' samples of one batch as history rows (`[[tsMs, value], ...]`), each spanning at most MAX_CHUNK_SPAN_MS. */
export function chunksOf(samples: IngestValue[]): HistoryChunk[] {
  return chunked(
    samples,
    (v) => v.tsMs,
    (v) => `[${v.tsMs},${v.json}]`,
  );
}

/**
 * One bridge's samples of one batch as rows of `value_batches` (`[[seriesId, tsMs, value], ...]`,
 * in no particular order), each spanning at most MAX_CHUNK_SPAN_MS: one row, unless the batch
 * mixes values buffered long ago with live ones.
 */
export function batchRowsOf(series: Array<{ seriesId: number; samples: IngestValue[] }>): HistoryChunk[] {
  let fromMs = Infinity;
  let toMs = -Infinity;
  let count = 0;
  for (const { samples } of series)
    for (const { tsMs } of samples) {
      if (tsMs < fromMs) fromMs = tsMs;
      if (tsMs > toMs) toMs = tsMs;
      count++;
    }
  if (count === 0) return [];
  if (toMs - fromMs > MAX_CHUNK_SPAN_MS) {
    const all = series.flatMap(({ seriesId, samples }) => samples.map((v) => ({ seriesId, v })));
    return chunked(
      all,
      (s) => s.v.tsMs,
      (s) => `[${s.seriesId},${s.v.tsMs},${s.v.json}]`,
    );
  }
  let text = '';
  for (const { seriesId, samples } of series) for (const v of samples) text += `,[${seriesId},${v.tsMs},${v.json}]`;
  return [{ fromMs, toMs, count, samples: `[${text.slice(1)}]` }];
}

/** One row per (bridge, source) in a batch, merging what the batch saw. */
export function sightingsOf(items: IngestItem[]): BridgeSighting[] {
  const byBridge = new Map<number, Map<string, BridgeSighting>>();
  const out: BridgeSighting[] = [];
  for (const { bridgeId, sources } of items) {
    let merged = byBridge.get(bridgeId);
    if (!merged) byBridge.set(bridgeId, (merged = new Map()));
    for (const s of sources) {
      const seen = merged.get(s.uid);
      if (!seen) {
        const first = { bridgeId, uid: s.uid, lastSeenMs: s.lastSeenMs, reportsPosition: s.reportsPosition, locationEnabled: s.locationEnabled };
        merged.set(s.uid, first);
        out.push(first);
      } else {
        seen.lastSeenMs = Math.max(seen.lastSeenMs, s.lastSeenMs);
        seen.reportsPosition ||= s.reportsPosition;
        seen.locationEnabled ||= s.locationEnabled;
      }
    }
  }
  return out;
}

/**
 * How far behind a stored `last_seen_ms` may be: a busy bridge's sources are written about once a
 * second instead of once a batch (docs/decisions.md, "Receipts in one ring per bridge, sources seen to the second").
 */
export const SOURCE_SEEN_RESOLUTION_MS = 1000;

/**
 * What the stored `message_sources` rows say, as far as the writers wrote them, so that a batch
 * writes only the sightings that change something: a new source, a flag turned on, or a
 * `last_seen_ms` SOURCE_SEEN_RESOLUTION_MS newer. Told only of committed batches.
 */
export class SourcesWritten {
  private readonly byBridge = new Map<number, Map<string, SourceSighting>>();

  /** The batch's sightings (one per bridge and source) that the rows do not yet say. */
  due(items: IngestItem[]): BridgeSighting[] {
    return sightingsOf(items).filter((s) => {
      const stored = this.byBridge.get(s.bridgeId)?.get(s.uid);
      return (
        !stored ||
        (s.reportsPosition && !stored.reportsPosition) ||
        (s.locationEnabled && !stored.locationEnabled) ||
        s.lastSeenMs - stored.lastSeenMs >= SOURCE_SEEN_RESOLUTION_MS
      );
    });
  }

  /** The sightings of a committed batch are stored. */
  written(sightings: BridgeSighting[]): void {
    for (const { bridgeId, uid, lastSeenMs, reportsPosition, locationEnabled } of sightings) {
      let sources = this.byBridge.get(bridgeId);
      if (!sources) this.byBridge.set(bridgeId, (sources = new Map()));
      const stored = sources.get(uid);
      sources.set(uid, {
        uid,
        lastSeenMs: Math.max(lastSeenMs, stored?.lastSeenMs ?? 0),
        reportsPosition: reportsPosition || (stored?.reportsPosition ?? false),
        locationEnabled: locationEnabled || (stored?.locationEnabled ?? false),
      });
    }
  }

  forget(bridgeId: number): void {
    this.byBridge.delete(bridgeId);
  }
}

export function receiptOf(messageId: number, payload: Buffer): Receipt {
  // A latin1 ('binary') digest costs half of a Buffer one in Node 20's crypto.hash, and fills the ring as bytes.
  return { slot: messageId % RECEIPT_SLOTS, messageId, digest: hash('sha1', payload, 'binary').slice(0, DIGEST_BYTES) };
}

/**
 * A bridge's receipts are one row, a ring of RECEIPT_SLOTS entries, rewritten once per batch: a
 * statement per bridge and batch instead of one per message (docs/performance.md, "Fourth round").
 * Answers whether `ring` (the stored one, if any) holds the receipt.
 */
export function ringHolds(ring: Buffer | undefined, { slot, messageId, digest }: Receipt): boolean {
  if (!ring || ring.length !== RING_BYTES) return false;
  const at = slot * RECEIPT_BYTES;
  return ring.readUInt16BE(at) === messageId && ring.toString('latin1', at + 2, at + RECEIPT_BYTES) === digest;
}

/** The rings of a batch's bridges with its receipts written in: a copy of `stored` (or a new ring), later messages last. */
export function ringsOf(items: IngestItem[], stored: (bridgeId: number) => Buffer | undefined): Map<number, Buffer> {
  const rings = new Map<number, Buffer>();
  for (const { bridgeId, receipt } of items) {
    if (!receipt) continue;
    let ring = rings.get(bridgeId);
    if (!ring) {
      const before = stored(bridgeId);
      ring = before?.length === RING_BYTES ? Buffer.from(before) : Buffer.alloc(RING_BYTES);
      rings.set(bridgeId, ring);
    }
    const at = receipt.slot * RECEIPT_BYTES;
    ring.writeUInt16BE(receipt.messageId, at);
    ring.write(receipt.digest, at + 2, DIGEST_BYTES, 'latin1');
  }
  return rings;
}

export interface BatchSeries {
  /** The series id, once the series exists. */
  find(bridgeId: number, path: string): number | undefined;
  get(bridgeId: number, path: string): number;
  remember(bridgeId: number, path: string, id: number): void;
  commit(): void;
}

/** Each bridge's series ids by path, and those a batch creates until it is committed. */
export class SeriesIds {
  private readonly ids: PerBridge<Map<string, number>>;

  constructor(db: Database) {
    this.ids = new PerBridge(async (bridgeId) => {
      const rows = await db('value_series').where({ bridge_id: bridgeId }).select('id', 'path');
      return new Map(rows.map((r: { id: number; path: string }) => [sharedPath(r.path), r.id]));
    });
  }

  /**
   * Loads the series of every bridge in a batch; answers a lookup usable inside the transaction,
   * which remembers the ids the batch's writes answered and keeps them once it is committed.
   */
  async forBatch(items: IngestItem[]): Promise<BatchSeries> {
    const bridges = new Map<number, Map<string, number>>();
    for (const bridgeId of new Set(items.map((i) => i.bridgeId))) bridges.set(bridgeId, await this.ids.of(bridgeId));
    const fresh = new Map<number, Map<string, number>>();
    // The batch's own answer first: a series deleted with its pairing on another node is written anew under a new id.
    const find = (bridgeId: number, path: string) => fresh.get(bridgeId)?.get(path) ?? bridges.get(bridgeId)!.get(path);
    return {
      find,
      get(bridgeId, path) {
        const id = find(bridgeId, path);
        if (id === undefined) throw new Error(`no series for ${path} of bridge ${bridgeId}`);
        return id;
      },
      remember(bridgeId, path, id) {
        let ids = fresh.get(bridgeId);
        if (!ids) fresh.set(bridgeId, (ids = new Map()));
        ids.set(sharedPath(path), id);
      },
      commit() {
        for (const [bridgeId, ids] of fresh) for (const [path, id] of ids) bridges.get(bridgeId)!.set(path, id);
      },
    };
  }

  forget(bridgeId: number): void {
    this.ids.forget(bridgeId);
  }
}
