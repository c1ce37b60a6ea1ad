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

export class ReadThrough<K extends string | number, V> {
  private readonly cache: LRUCache<K, Loaded<V>>;
  private readonly now: () => number;

  constructor(
    private readonly load: (key: K) => Promise<Loaded<V>>,
    options: ReadThroughOptions,
  ) {
    this.now = options.now ?? Date.now;
    const now = this.now;
    this.cache = new LRUCache<K, Loaded<V>>({
      max: options.max,
      ttl: options.ttlMs,
      ttlResolution: 0,
      perf: { now: () => now() },
      fetchMethod: (key) => this.load(key),
    });
  }

  async get(key: K): Promise<V> {
    try {
      const entry = await this.cache.fetch(key);
      if (entry && (entry.untilMs === undefined || this.now() < entry.untilMs)) return entry.value;
      this.cache.delete(key);
    } catch {
      // Cancelled by a change announced during the load (or the load failed): asked again below, uncached.
    }
    return (await this.load(key)).value;
  }

  forget(key: K): void {
    this.cache.delete(key);
  }

  /** Drops everything, loads under way included (a change whose reach is wider than one key). */
  clear(): void {
    this.cache.clear();
  }
}
