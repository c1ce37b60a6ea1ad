/**
 * SQLite's write-ahead log written back into the database file by a thread of its own
 * (docs/decisions.md, "WAL checkpoints beside the event loop").
 *
 * By default the connection that commits writes the log back once it holds `wal_autocheckpoint`
 * pages: that commit then copies thousands of pages and waits for an fsync, on the event loop,
 * while bridges wait for their PUBACKs. Here a worker thread with a connection of its own runs a
 * PASSIVE checkpoint every second instead: it copies what the log holds without waiting for or
 * blocking the writer, and the writer keeps its own checkpoints only as a backstop, should the
 * worker fall far behind or stop.
 */
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type BetterSqlite3 from 'better-sqlite3';
import type { Logger } from '../platform/logger.js';
import type { Database } from './knex.js';

/** How often the worker writes the log back. */
export const CHECKPOINT_EVERY_MS = 1000;
/**
 * The writer's own checkpoints, without the worker (knex.ts). SQLite's default (1,000 pages, 4 MB)
 * makes the hot path stop for a write-back and fsync every few batches; at 40 MB a busy page is
 * written back once for many batches (docs/performance.md).
 */
export const WRITER_CHECKPOINT_PAGES = 10_000;
/** The writer's checkpoints while the worker runs: only past 400 MB of log (4 KB pages). */
export const BACKSTOP_CHECKPOINT_PAGES = 100_000;

/** What one checkpoint found: pages in the log, and how many of them are in the database file now. */
export interface CheckpointResult {
  logPages: number;
  writtenBack: number;
}

/**
 * The worker's code, plain CommonJS: it runs as given in any build of the server (tsx, the
 * esbuild bundle), which a module file next to this one would not.
 */
const WORKER_CODE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file, { fileMustExist: true });
db.pragma('busy_timeout = 5000');
db.pragma('synchronous = NORMAL');
const checkpoint = (id) => {
  try {
    const [{ log, checkpointed }] = db.pragma('wal_checkpoint(PASSIVE)');
    parentPort.postMessage({ id, logPages: log, writtenBack: checkpointed });
  } catch (error) {
    parentPort.postMessage({ id, error: String((error && error.message) || error) });
  }
};
const timer = setInterval(() => checkpoint(0), workerData.everyMs);
parentPort.on('message', (message) => {
  if (message.checkpoint) return checkpoint(message.checkpoint);
  clearInterval(timer);
  db.close();
  parentPort.close();
});
`;

/** From the worker: the checkpoint asked for as `id` (0: its own, every second). */
type WorkerMessage = { id: number } & ({ error: string } | CheckpointResult);

export class WalCheckpoints {
  private worker: Worker | null = null;
  private readonly asked = new Map<number, { resolve: (result: CheckpointResult) => void; reject: (err: Error) => void }>();
  private lastId = 0;

  constructor(
    private readonly db: Database,
    private readonly file: string,
    private readonly log: Logger,
    private readonly everyMs = CHECKPOINT_EVERY_MS,
  ) {}

  async start(): Promise<void> {
    if (this.worker) return;
    await this.writerCheckpoints(BACKSTOP_CHECKPOINT_PAGES);
    const driver = createRequire(import.meta.url).resolve('better-sqlite3');
    const worker = new Worker(WORKER_CODE, { eval: true, workerData: { file: this.file, driver, everyMs: this.everyMs } });
    worker.on('message', (message: WorkerMessage) => {
      const asker = this.asked.get(message.id);
      this.asked.delete(message.id);
      if ('error' in message) {
        if (asker) return asker.reject(new Error(message.error));
        return this.log.warn('WAL checkpoint failed', { error: message.error });
      }
      asker?.resolve({ logPages: message.logPages, writtenBack: message.writtenBack });
    });
    // Without the worker, the writer's own checkpoints take over again.
    worker.on('error', (err) => {
      this.log.error('WAL checkpoint thread failed; the writer checkpoints again', { error: err });
      this.worker = null;
      void this.writerCheckpoints(WRITER_CHECKPOINT_PAGES).catch(() => {});
    });
    // Whatever was still asked of it is answered with an error rather than never.
    worker.once('exit', () => {
      for (const asker of this.asked.values()) asker.reject(new Error('the checkpoint thread stopped'));
      this.asked.clear();
    });
    this.worker = worker;
  }

  /** Runs a checkpoint now (tests, and anyone who must know the log is written back). */
  checkpoint(): Promise<CheckpointResult> {
    const worker = this.worker;
    if (!worker) return Promise.reject(new Error('the checkpoint thread is not running'));
    const id = ++this.lastId;
    return new Promise((resolve, reject) => {
      this.asked.set(id, { resolve, reject });
      worker.postMessage({ checkpoint: id });
    });
  }

  async stop(): Promise<void> {
    const worker = this.worker;
    if (!worker) return;
    this.worker = null;
    const exited = new Promise((resolve) => worker.once('exit', resolve));
    worker.postMessage({ stop: true });
    await exited;
    // For whoever writes on after the server (a test's database); a database already gone needs nothing.
    await this.writerCheckpoints(WRITER_CHECKPOINT_PAGES).catch(() => {});
  }

  private async writerCheckpoints(pages: number): Promise<void> {
    const conn = (await this.db.client.acquireConnection()) as BetterSqlite3.Database;
    try {
      conn.pragma(`wal_autocheckpoint = ${pages}`);
    } finally {
      await this.db.client.releaseConnection(conn);
    }
  }
}
