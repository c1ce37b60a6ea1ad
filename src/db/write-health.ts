/**
 * Whether the database takes writes (docs/operations.md, "When the database refuses writes"). A
 * full disk or a read-only database fails every write while reads still answer, so `select 1`
 * says nothing about it. The outcome of the last write decides instead: the ingest's group
 * commits report theirs, a write that fails anywhere else is seen through Knex's `query-error`
 * event, and when nothing was written for a while a small write (the probe) asks again. Readiness
 * answers 503 and the broker refuses new bridges while writes fail; a write that succeeds once
 * none has failed for WRITE_VERDICT_MS ends it.
 */
import { randomBytes } from 'node:crypto';
import { type Database, insertId } from './knex.js';

/** How long the last write's outcome stands before a probe asks again; how long writes must not fail before a success counts. */
export const WRITE_VERDICT_MS = 5000;

/** What the probe writes: a few pages, so that it needs room as a commit of the ingest does. */
const PROBE_BYTES = 8192;

/**
 * Errors that say the database takes no writes at all, as opposed to one write that was wrong (a
 * constraint, a row deleted meanwhile): SQLite's full disk, read-only database and I/O errors,
 * the file system's, and PostgreSQL's disk_full (53100), read_only_sql_transaction (25006) and
 * io_error (58030).
 */
export function refusesWrites(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  if (typeof code !== 'string') return false;
  return /^SQLITE_(FULL|READONLY|IOERR|CANTOPEN)/.test(code) || ['ENOSPC', 'EROFS', 'EIO', 'EDQUOT', '53100', '25006', '58030'].includes(code);
}

/** The probe: a row written and the previous one deleted, each a commit of its own. */
export async function writeProbe(db: Database): Promise<void> {
  const id = await insertId(db, 'write_probes', { at_ms: Date.now(), filler: randomBytes(PROBE_BYTES) });
  await db('write_probes').whereNot({ id }).del();
}

export interface WriteFailure {
  /** When the last failing write failed (the server's clock). */
  at: number;
  /** Its error code, e.g. SQLITE_FULL. */
  code: string;
}

export class WriteHealth {
  private failure: WriteFailure | null = null;
  private lastSuccess = -Infinity;
  private probing: Promise<boolean> | null = null;

  constructor(
    private readonly probe: () => Promise<void>,
    /** The server's clock (ctx.clock), so that a test can let a verdict age. */
    private readonly now: () => number,
    /** Writes began to fail (with the first failure) or work again (null): one log line each way. */
    private readonly changed: (failure: WriteFailure | null, err?: unknown) => void = () => {},
  ) {}

  /** Looks at every Knex query that fails (a write anywhere in the server); answers how to stop looking. */
  watch(db: Database): () => void {
    const onError = (err: unknown) => void this.failed(err);
    db.on('query-error', onError);
    return () => db.off('query-error', onError);
  }

  /** Writes that fail now, or null. */
  get failing(): WriteFailure | null {
    return this.failure;
  }

  /**
   * A write was committed. It ends a failure only once no write has failed for WRITE_VERDICT_MS:
   * on a disk all but full, small commits still fit between the ones that fail, and readiness
   * would otherwise flap with every batch.
   */
  succeeded(): void {
    const now = this.now();
    this.lastSuccess = now;
    if (!this.failure || now - this.failure.at < WRITE_VERDICT_MS) return;
    this.failure = null;
    this.changed(null);
  }

  /** A write failed: answers whether the error says the database takes no writes (and notes it). */
  failed(err: unknown): boolean {
    if (!refusesWrites(err)) return false;
    const first = !this.failure;
    this.failure = { at: this.now(), code: (err as { code: string }).code };
    if (first) this.changed(this.failure, err);
    return true;
  }

  /**
   * Known to fail, without waiting (a bridge's CONNECT). A verdict older than WRITE_VERDICT_MS is
   * checked again meanwhile, so the broker lets bridges back in even when no probe asks.
   */
  refusing(): boolean {
    if (this.failure && this.now() - this.failure.at >= WRITE_VERDICT_MS) void this.writable();
    return this.failure !== null;
  }

  /** For readiness: the last write's outcome when recent, a probe's otherwise (one probe at a time). */
  writable(): Promise<boolean> {
    const last = this.failure?.at ?? this.lastSuccess;
    if (this.now() - last < WRITE_VERDICT_MS) return Promise.resolve(this.failure === null);
    this.probing ??= this.probe()
      .then(
        () => {
          this.succeeded();
          return true;
        },
        // An error that says nothing about the storage (a schema not migrated yet) is no verdict.
        (err: unknown) => {
          this.failed(err);
          return false;
        },
      )
      .finally(() => (this.probing = null));
    return this.probing;
  }
}
