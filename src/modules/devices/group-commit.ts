/**
 * Group commit: work submitted while a batch is being written waits and goes into the next
 * batch, so one transaction carries many messages and its cost is shared. Callers learn that
 * their item is committed when the batch is; batches are written one at a time, in order.
 */
interface Waiting<T> {
  item: T;
  resolve: () => void;
  reject: (err: unknown) => void;
}

export class GroupCommit<T> {
  private queue: Array<Waiting<T>> = [];
  private running = false;
  private idleWaiters: Array<() => void> = [];

  constructor(
    private readonly commit: (items: T[]) => Promise<void>,
    private readonly maxBatch = 2000,
  ) {}

  submit(item: T): Promise<void> {
    return new Promise((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      if (!this.running) {
        this.running = true;
        // Everything that arrives in this turn of the event loop joins the first batch.
        setImmediate(() => void this.run());
      }
    });
  }

  /** Resolves once everything submitted so far is committed (or failed). */
  drained(): Promise<void> {
    if (!this.running) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  private async run(): Promise<void> {
    while (this.queue.length) {
      const batch = this.queue.splice(0, this.maxBatch);
      try {
        await this.commit(batch.map((w) => w.item));
        for (const w of batch) w.resolve();
      } catch (err) {
        for (const w of batch) w.reject(err);
      }
    }
    this.running = false;
    const waiters = this.idleWaiters;
    this.idleWaiters = [];
    for (const resolve of waiters) resolve();
  }
}
