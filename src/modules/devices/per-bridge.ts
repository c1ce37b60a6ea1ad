/**
 * Per-bridge state the hot path needs on every message (message sources, the property of each
 * path), loaded from the database once and then kept in memory. This process is the only
 * writer of what it caches, so every change goes through here and the cache stays true.
 */
export class PerBridge<T> {
  private readonly loaded = new Map<number, Promise<T>>();

  constructor(private readonly load: (bridgeId: number) => Promise<T>) {}

  of(bridgeId: number): Promise<T> {
    let entry = this.loaded.get(bridgeId);
    if (!entry) {
      entry = this.load(bridgeId);
      this.loaded.set(bridgeId, entry);
      entry.catch(() => this.loaded.delete(bridgeId));
    }
    return entry;
  }

  /** The cached state if it is loaded, without loading it. */
  peek(bridgeId: number): Promise<T> | undefined {
    return this.loaded.get(bridgeId);
  }

  forget(bridgeId: number): void {
    this.loaded.delete(bridgeId);
  }
}
