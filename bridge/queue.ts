/**
 * Store and forward on disk (docs/bridge-agent.md "The queue"): while the uplink is down, deltas
 * are appended to `queue.ndjson` in the queue directory, one serialised delta per line with its
 * original timestamps, so that they survive a power cut or an agent restart. A delta leaves the
 * file only once the broker acknowledged it: after a crash mid-forward, the unacknowledged ones
 * are sent again (at least once; the cloud keeps one value per path and time).
 *
 * Limits: deltas older than `maxAgeMs` are dropped; when the file grows past `maxBytes`, the
 * oldest half of the waiting deltas is summarised to one value per path per minute (the last one
 * of the minute), and if that is not enough the oldest deltas are dropped. Recent data keeps its
 * full resolution; a long outage keeps its shape at a coarser one.
 */
import { appendFileSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SignalKDelta, SignalKUpdate } from '../contracts/bridge';
import type { DeltaStore } from './client/buffer';

export interface DiskQueueOptions {
  directory: string;
  maxBytes: number;
  maxAgeMs: number;
  /** The clock for the age limit. Default Date.now. */
  now?: () => number;
}

interface Entry {
  payload: string;
  /** When its oldest value was measured. */
  measuredMs: number;
  bytes: number;
}

const SUMMARY_BUCKET_MS = 60_000;
/** Acknowledged deltas are cut from the file in batches, not one rewrite per PUBACK. */
const REWRITE_EVERY = 500;

function measuredAt(payload: string, fallback: number): number {
  try {
    const delta = JSON.parse(payload) as SignalKDelta;
    const times = (delta.updates ?? []).map((update) => Date.parse(update.timestamp ?? '')).filter(Number.isFinite);
    return times.length > 0 ? Math.min(...times) : fallback;
  } catch {
    return fallback;
  }
}

/** One value per path, source and minute (the latest), as deltas of one minute each, oldest first. */
export function summarise(payloads: string[]): string[] {
  const minutes = new Map<number, Map<string, { source: string; timestamp: string; value: unknown }>>();
  for (const payload of payloads) {
    const delta = JSON.parse(payload) as SignalKDelta;
    for (const update of delta.updates ?? []) {
      const timestamp = update.timestamp;
      const ms = Date.parse(timestamp ?? '');
      if (!timestamp || !Number.isFinite(ms)) continue;
      const source = update.$source ?? (typeof update.source === 'object' && update.source ? JSON.stringify(update.source) : 'bridge');
      const bucket = Math.floor(ms / SUMMARY_BUCKET_MS);
      const latest = minutes.get(bucket) ?? new Map();
      minutes.set(bucket, latest);
      for (const { path, value } of update.values ?? []) {
        const key = `${source}\u0000${path}`;
        const seen = latest.get(key);
        if (!seen || Date.parse(seen.timestamp) <= ms) latest.set(key, { source, timestamp, value });
      }
    }
  }
  return [...minutes.keys()]
    .sort((a, b) => a - b)
    .map((bucket) => {
      const updates = new Map<string, SignalKUpdate>();
      for (const [key, { source, timestamp, value }] of minutes.get(bucket) ?? []) {
        const group = `${source}\u0000${timestamp}`;
        const update = updates.get(group) ?? { $source: source, timestamp, values: [] };
        updates.set(group, update);
        update.values.push({ path: key.slice(source.length + 1), value });
      }
      return JSON.stringify({ context: 'vessels.self', updates: [...updates.values()] });
    });
}

export class DiskQueue implements DeltaStore {
  private readonly file: string;
  /** How many deltas at the head of the file are acknowledged but not yet cut from it. */
  private readonly ackFile: string;
  private readonly now: () => number;
  private entries: Entry[] = [];
  /** The first `sent` entries are handed to the connection; the first `acked` of them are acknowledged. */
  private sent = 0;
  private acked = 0;
  private bytes = 0;
  dropped = 0;

  constructor(private readonly options: DiskQueueOptions) {
    if (!(options.maxBytes > 0) || !(options.maxAgeMs > 0)) throw new RangeError('The queue needs positive size and age limits');
    this.now = options.now ?? Date.now;
    mkdirSync(options.directory, { recursive: true });
    this.file = join(options.directory, 'queue.ndjson');
    this.ackFile = join(options.directory, 'queue.acked');
    this.load();
  }

  /** Deltas not yet acknowledged, sent or not. */
  get length(): number {
    return this.entries.length - this.acked;
  }

  get sizeBytes(): number {
    return this.bytes;
  }

  push(payload: string): void {
    const entry = this.entryOf(payload);
    this.entries.push(entry);
    this.bytes += entry.bytes;
    appendFileSync(this.file, `${payload}\n`);
    if (this.bytes > this.options.maxBytes) this.enforceLimits();
  }

  *drain(): Generator<string> {
    this.dropOld();
    while (this.sent < this.entries.length) {
      const entry = this.entries[this.sent];
      this.sent += 1;
      yield entry.payload;
    }
  }

  acknowledged(): void {
    if (this.acked >= this.sent) return;
    this.acked += 1;
    if (this.acked === this.sent || this.acked >= REWRITE_EVERY) this.forgetAcknowledged();
    else writeFileSync(this.ackFile, String(this.acked));
  }

  private entryOf(payload: string): Entry {
    return { payload, measuredMs: measuredAt(payload, this.now()), bytes: Buffer.byteLength(payload) + 1 };
  }

  private load(): void {
    let text: string;
    try {
      text = readFileSync(this.file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    // A line cut short by a power failure is the only one that may not parse: it is skipped.
    const lines = text.split('\n').filter((line) => {
      if (line.trim() === '') return false;
      try {
        JSON.parse(line);
        return true;
      } catch {
        return false;
      }
    });
    this.entries = lines.slice(this.readAcknowledged()).map((line) => this.entryOf(line));
    this.bytes = this.entries.reduce((sum, entry) => sum + entry.bytes, 0);
    this.dropOld();
    this.enforceLimits();
    this.rewrite();
  }

  private readAcknowledged(): number {
    try {
      const count = Number(readFileSync(this.ackFile, 'utf8'));
      return Number.isInteger(count) && count > 0 ? count : 0;
    } catch {
      return 0;
    }
  }

  private forgetAcknowledged(): void {
    const gone = this.entries.splice(0, this.acked);
    this.bytes -= gone.reduce((sum, entry) => sum + entry.bytes, 0);
    this.sent -= this.acked;
    this.acked = 0;
    this.rewrite();
  }

  /** Drops waiting (not yet sent) deltas older than the age limit. */
  private dropOld(): void {
    const oldest = this.now() - this.options.maxAgeMs;
    const waiting = this.entries.slice(this.sent);
    const kept = waiting.filter((entry) => entry.measuredMs >= oldest);
    if (kept.length === waiting.length) return;
    this.replaceWaiting(kept, waiting.length - kept.length);
  }

  private enforceLimits(): void {
    if (this.bytes <= this.options.maxBytes) return;
    const waiting = this.entries.slice(this.sent);
    const half = Math.max(1, Math.floor(waiting.length / 2));
    const summary = summarise(waiting.slice(0, half).map((entry) => entry.payload)).map((payload) => this.entryOf(payload));
    let kept = [...summary, ...waiting.slice(half)];
    const bytesOf = (list: Entry[]) => list.reduce((sum, entry) => sum + entry.bytes, 0);
    const inFlight = this.bytes - bytesOf(waiting);
    // Still too big: the oldest go, down to nine tenths of the limit so that this is not redone at every push.
    let size = inFlight + bytesOf(kept);
    let cut = 0;
    while (cut < kept.length && size > this.options.maxBytes * 0.9) {
      size -= kept[cut].bytes;
      cut += 1;
    }
    kept = kept.slice(cut);
    this.replaceWaiting(kept, half - summary.length + cut);
  }

  private replaceWaiting(kept: Entry[], dropped: number): void {
    this.entries = [...this.entries.slice(0, this.sent), ...kept];
    this.bytes = this.entries.reduce((sum, entry) => sum + entry.bytes, 0);
    this.dropped += Math.max(0, dropped);
    this.rewrite();
  }

  /** Writes the unacknowledged deltas to a new file and swaps it in, so a crash never leaves half a queue. */
  private rewrite(): void {
    const temporary = `${this.file}.tmp`;
    const remaining = this.entries.slice(this.acked);
    writeFileSync(temporary, remaining.map((entry) => `${entry.payload}\n`).join(''));
    renameSync(temporary, this.file);
    writeFileSync(this.ackFile, '0');
  }
}
