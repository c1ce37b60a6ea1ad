/**
 * A read-through cache for what every request would otherwise ask the database again
 * (docs/decisions.md, "Request caches"): the session behind a key, a caller's access to a vessel,
 * a vessel's bridge, a vessel's device list. Built on lru-cache: bounded in entries, each entry
 * trusted at most `ttlMs`, or until the moment its loader names (on the server's clock: a grant
 * that ends), and dropped at once by `forget`/`clear` when the module that owns the facts
 * announces a change. A change announced while an entry is being loaded cancels that load
 * (lru-cache aborts it), so an answer read before the change is never kept; the request that was
 * waiting for it loads again, uncached.
 */
import { LRUCache } from 'lru-cache';

export interface ReadThroughOptions {
  /** Entries kept at most (the least recently used go first). */
  max: number;
  /** The longest an entry is trusted without an announced change: the bound for writers that announce nothing (the admin CLI). */
  ttlMs: number;
  /** The server's clock: the one `ttlMs` and `Loaded.untilMs` are measured on (tests move it). */
  now?: () => number;
}

/** What a loader answers: the value, and when it stops being true by itself (a grant that ends), if it does. */
export interface Loaded<V> {
  value: V;
  untilMs?: number;
}

/**
 * `C` is what a load needs beside its key, given by the caller that asks for it (the device list
 * of a vessel is built for the bridge the caller's scope found).
 */
export class ReadThrough<K extends string | number, V, C = undefined> {
  /** Its loads take the context the asker gave (lru-cache passes it through untyped). */
  private readonly cache: LRUCache<K, Loaded<V>, unknown>;
  private readonly now: () => number;

  constructor(
    private readonly load: (key: K, context: C) => Promise<Loaded<V>>,
    options: ReadThroughOptions,
  ) {
    this.now = options.now ?? Date.now;
    this.cache = new LRUCache<K, Loaded<V>, unknown>({
      max: options.max,
      ttl: options.ttlMs,
      ttlResolution: 0,
      perf: { now: () => this.now() },
      fetchMethod: (key, _stale, { context }) => this.load(key, context as C),
    });
  }

  async get(key: K, ...[context]: C extends undefined ? [] : [C]): Promise<V> {
    try {
      const entry = await this.cache.fetch(key, { context });
      if (entry && (entry.untilMs === undefined || this.now() < entry.untilMs)) return entry.value;
      this.cache.delete(key);
    } catch {
      // Cancelled by a change announced during the load (or the load failed): asked again below, uncached.
    }
    return (await this.load(key, context as C)).value;
  }

  forget(key: K): void {
    this.cache.delete(key);
  }

  /** Drops everything, loads under way included (a change whose reach is wider than one key). */
  clear(): void {
    // lru-cache's clear() rewrites its tables at their full size, even when nothing is kept.
    if (this.cache.size > 0) this.cache.clear();
  }
}
