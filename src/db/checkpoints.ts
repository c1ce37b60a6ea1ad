/**
 * SQLite's write-ahead log written back into the database file by a thread of its own
 * (docs/decisions.md, "WAL checkpoints beside the event loop"), and kept from growing without
 * bound (docs/operations.md, "SQLite's write-ahead log").
 *
 * By default the connection that commits writes the log back once it holds `wal_autocheckpoint`
 * pages: that commit then copies thousands of pages and waits for an fsync, on the event loop,
 * while bridges wait for their PUBACKs. Here a worker thread with a connection of its own runs a
 * PASSIVE checkpoint every second instead: it copies what the log holds without waiting for or
 * blocking the writer.
 *
 * Under steady ingest the worker alone never lets the log start over: by the time its
 * checkpoint ends the writer has committed more, so SQLite never finds the whole log copied when
 * a write begins, and the `-wal` file grew to hundreds of MB. So once a checkpoint of the
 * worker's finds RESTART_CHECKPOINT_PAGES of log, the writer runs a RESTART checkpoint right
 * after it, between two of its batches: it copies what was committed meanwhile (the worker has
 * copied the rest), the log starts over, and `journal_size_limit` (knex.ts) cuts the file back.
 * The writer's own checkpoints stay as a backstop at BACKSTOP_CHECKPOINT_PAGES, for a log that
 * grows faster than the worker copies it, or a worker that stopped.
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
/** Once a checkpoint of the worker's finds this much log (16 MB, 4 KB pages), the writer starts the log over. */
export const RESTART_CHECKPOINT_PAGES = 4_000;
/**
 * The writer's own checkpoints while the worker runs: at 32 MB of log, for a log that grows faster
 * than the worker copies it (or a worker that stopped).
 */
export const BACKSTOP_CHECKPOINT_PAGES = 8_000;
/**
 * What the `-wal` file is cut back to when the log starts over (SQLite's `journal_size_limit`;
 * without it the file keeps the largest size it ever had).
 */
export const WAL_SIZE_LIMIT_BYTES = 16 * 1024 * 1024;

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

/** Scaled down by tests; the server runs with the defaults. */
export interface CheckpointOptions {
  /** How often the worker writes the log back. */
  everyMs?: number;
  /** How much log a checkpoint of the worker's must find for the writer to start the log over. */
  restartPages?: number;
}

export class WalCheckpoints {
  private worker: Worker | null = null;
  private readonly everyMs: number;
  private readonly restartPages: number;
  private readonly asked = new Map<number, { resolve: (result: CheckpointResult) => void; reject: (err: Error) => void }>();
  private lastId = 0;

  constructor(
    private readonly db: Database,
    private readonly file: string,
    private readonly log: Logger,
    options: CheckpointOptions = {},
  ) {
    this.everyMs = options.everyMs ?? CHECKPOINT_EVERY_MS;
    this.restartPages = options.restartPages ?? RESTART_CHECKPOINT_PAGES;
  }

  async start(): Promise<void> {
    if (this.worker) return;
    await this.writerCheckpoints(BACKSTOP_CHECKPOINT_PAGES);
    const driver = createRequire(import.meta.url).resolve('better-sqlite3');
    const worker = new Worker(WORKER_CODE, { eval: true, workerData: { file: this.file, driver, everyMs: this.everyMs } });
    worker.on('message', (message: WorkerMessage) => void this.answer(message));
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

  /** A checkpoint of the worker's is done: the log starts over if it is long, then whoever asked is answered. */
  private async answer(message: WorkerMessage): Promise<void> {
    const asker = this.asked.get(message.id);
    this.asked.delete(message.id);
    if ('error' in message) {
      if (asker) return asker.reject(new Error(message.error));
      return this.log.warn('WAL checkpoint failed', { error: message.error });
    }
    // Not once stopping: the writer's connection may be going with the server.
    if (this.worker && message.logPages >= this.restartPages) {
      await this.restartLog().catch((err: Error) => this.log.warn('WAL checkpoint failed', { error: err.message }));
    }
    asker?.resolve({ logPages: message.logPages, writtenBack: message.writtenBack });
  }

  /**
   * A RESTART checkpoint on the writer's connection, between two of its batches: it copies the
   * little the worker left (what was committed while it ran) and makes the next write start the
   * log from its beginning. It waits for nobody: should the worker have begun its next checkpoint,
   * or another process hold the log (the CLI writing, a backup reading), the log is left to the
   * next time.
   */
  private async restartLog(): Promise<void> {
    const conn = (await this.db.client.acquireConnection()) as BetterSqlite3.Database;
    const timeout = conn.pragma('busy_timeout', { simple: true }) as number;
    try {
      conn.pragma('busy_timeout = 0');
      conn.pragma('wal_checkpoint(RESTART)');
    } finally {
      conn.pragma(`busy_timeout = ${timeout}`);
      await this.db.client.releaseConnection(conn);
    }
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
