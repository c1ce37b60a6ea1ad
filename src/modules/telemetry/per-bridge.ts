/**
 * Per-bridge state the hot path needs on every message (message sources, the property of each
 * path), loaded from the database once and then kept in memory. This process is the only
 * writer of what it caches, so every change goes through here and the cache stays true. Keyed
 * by any id, it keeps per-vessel state the same way.
 *
 * `known` answers at once what is loaded: the ingest asks it first, so that a message of a
 * bridge already seen waits for nothing before its commit (docs/performance.md, "Single-connection
 * ingest", eighth round). A value is never `undefined`: that means "not loaded".
 */
interface Entry<T> {
  promise: Promise<T>;
  value: T | undefined;
}

export class PerBridge<T extends NonNullable<unknown> | null> {
  private readonly entries = new Map<number, Entry<T>>();

  constructor(private readonly load: (id: number) => Promise<T>) {}

  of(id: number): Promise<T> {
    let entry = this.entries.get(id);
    if (!entry) {
      const loading: Entry<T> = { promise: this.load(id), value: undefined };
      loading.promise.then(
        (value) => void (loading.value = value),
        () => this.entries.get(id) === loading && this.entries.delete(id),
      );
      this.entries.set(id, (entry = loading));
    }
    return entry.promise;
  }

  /** The state if it is loaded; undefined while it loads or when it was never asked for. */
  known(id: number): T | undefined {
    return this.entries.get(id)?.value;
  }

  /** State learnt otherwise than by loading it (an event that carries it). */
  set(id: number, value: T): void {
    this.entries.set(id, { promise: Promise.resolve(value), value });
  }

  forget(id: number): void {
    this.entries.delete(id);
  }
}
