/**
 * The Knex factory: SQLite (better-sqlite3) by default, PostgreSQL when the URL says so.
 */
import { mkdirSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import knexFactory, { type Knex } from 'knex';
import pg from 'pg';
import type BetterSqlite3 from 'better-sqlite3';
import { LRUCache } from 'lru-cache';
import { type Logger, RepeatedLog } from '../platform/logger.js';
import { WAL_SIZE_LIMIT_BYTES, WRITER_CHECKPOINT_PAGES } from './checkpoints.js';

export type Database = Knex;
/** A database handle or a transaction: services take it as their last argument (STYLE.md). */
export type Db = Database | Knex.Transaction;
export type Dialect = 'sqlite' | 'postgres';

// Epoch-millisecond columns are BIGINT; pg hands those back as strings unless told otherwise.
pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));

export function dialectOf(url: string): Dialect {
  return /^postgres(ql)?:\/\//.test(url) ? 'postgres' : 'sqlite';
}

export function sqliteFile(url: string): string {
  return url.replace(/^sqlite:(\/\/)?/, '');
}

/**
 * When a SQLite commit is on disk (docs/protocol.md, "What an acknowledgement survives"): `normal`
 * survives a killed process, `full` also an OS crash or a power loss (docs/decisions.md,
 * "Durability (issue 41)").
 */
export type Synchronous = 'full' | 'normal';
export const DEFAULT_SYNCHRONOUS: Synchronous = 'normal';

export interface DatabaseOptions {
  /** SQLite only; PostgreSQL's own `synchronous_commit` decides there. */
  synchronous?: Synchronous;
  /** Knex's own warnings (a connection that failed, with its stack) as log lines rather than console text. */
  log?: Logger;
}

export function createDatabase(url: string, options: DatabaseOptions = {}): Database {
  const log = options.log ? knexLog(options.log) : undefined;
  if (dialectOf(url) === 'postgres') {
    return knexFactory({ client: 'pg', connection: url, pool: { min: 0, max: 10 }, log });
  }
  const synchronous = options.synchronous ?? DEFAULT_SYNCHRONOUS;
  const file = sqliteFile(url);
  if (file !== ':memory:') mkdirSync(dirname(resolve(file)), { recursive: true });
  return knexFactory({
    client: 'better-sqlite3',
    connection: { filename: file },
    useNullAsDefault: true,
    log,
    pool: {
      min: 1,
      max: 1,
      afterCreate(conn: BetterSqlite3.Database, done: (err: Error | null, conn: unknown) => void) {
        // WAL lets readers run beside the writer; foreign keys are off by default in SQLite;
        // the busy timeout makes a second process (the CLI) wait instead of failing.
        conn.pragma('journal_mode = WAL');
        conn.pragma('foreign_keys = ON');
        conn.pragma('busy_timeout = 5000');
        conn.pragma(`synchronous = ${synchronous.toUpperCase()}`);
        // A server writes the log back from a thread of its own (checkpoints.ts); anyone else, every
        // 40 MB. Once the log starts over, its file is cut back rather than kept at its largest.
        conn.pragma(`wal_autocheckpoint = ${WRITER_CHECKPOINT_PAGES}`);
        conn.pragma(`journal_size_limit = ${WAL_SIZE_LIMIT_BYTES}`);
        keepPreparedStatements(conn);
        done(null, conn);
      },
    },
  });
}

/**
 * Knex prints its warnings with console.log, several lines with a stack each (every query that
 * could not get a connection while PostgreSQL is away): here they are log lines, one JSON object
 * each, and as many a second as there are queries become one line an interval (RepeatedLog).
 */
function knexLog(log: Logger): Knex.Config['log'] {
  const warnings = new RepeatedLog(log, 'warn', 'database client warning');
  const errors = new RepeatedLog(log, 'error', 'database client error');
  const fields = (message: unknown) => ({ detail: String(message).split('\n', 1)[0] });
  return {
    // A connection that could not be opened fails the query that wanted it, whose caller reports
    // it (the CLI in its one error line, the server by its write health): a debug line only.
    warn: (message) =>
      String(message).startsWith('Acquire connection error') ? log.debug('database client', fields(message)) : warnings.report(fields(message)),
    error: (message) => errors.report(fields(message)),
    debug: (message) => log.debug('database client', fields(message)),
    deprecate: (method, instead) => log.warn('database client: deprecated call', { method, instead }),
  };
}

/** Statements kept prepared per SQLite connection, the least recently used going first. */
const PREPARED_STATEMENTS = 1000;

/**
 * Knex has better-sqlite3 prepare every query anew, and compiling a statement costs more than
 * running most of them (docs/performance.md, "10,000 bridges"); the connection keeps its
 * statements by their text instead. Knex runs each one to its end before the next, and SQLite
 * compiles a kept statement again by itself should the schema change.
 */
function keepPreparedStatements(conn: BetterSqlite3.Database): void {
  const prepare = conn.prepare.bind(conn);
  const kept = new LRUCache<string, BetterSqlite3.Statement>({ max: PREPARED_STATEMENTS });
  conn.prepare = ((sql: string) => {
    let statement = kept.get(sql);
    if (!statement) kept.set(sql, (statement = prepare(sql)));
    return statement;
  }) as BetterSqlite3.Database['prepare'];
}

export function dialect(db: Database): Dialect {
  return db.client.config.client === 'pg' ? 'postgres' : 'sqlite';
}

/** The SQLite file behind a database, or null (PostgreSQL, or SQLite in memory). */
export function databaseFile(db: Database): string | null {
  if (dialect(db) !== 'sqlite') return null;
  const file = (db.client.config.connection as { filename?: string } | undefined)?.filename;
  return file && file !== ':memory:' ? file : null;
}

/** The connection pool's use (knex's tarn pool, one connection on SQLite), read by the operator's figures. */
export interface PoolUse {
  used: number;
  free: number;
  /** Queries waiting for a connection. */
  pending: number;
  max: number;
}

export function poolUse(db: Database): PoolUse {
  const pool = db.client.pool as { numUsed?: () => number; numFree: () => number; numPendingAcquires: () => number } | undefined;
  const max = (db.client.config.pool as { max?: number } | undefined)?.max ?? 0;
  // Before the first query and after `destroy` there is no pool: nothing in use.
  if (!pool?.numUsed) return { used: 0, free: 0, pending: 0, max };
  return { used: pool.numUsed(), free: pool.numFree(), pending: pool.numPendingAcquires(), max };
}

/** Inserts one row and answers its generated id, on both dialects. */
export async function insertId(db: Knex | Knex.Transaction, table: string, row: Record<string, unknown>): Promise<number> {
  const [result] = await db(table).insert(row).returning('id');
  return typeof result === 'object' ? Number((result as { id: number }).id) : Number(result);
}

export const nowIso = (): string => new Date().toISOString();

/**
 * Bytes the database takes on disk: the SQLite file with its write-ahead log (`-wal`) and the
 * log's index (`-shm`), or PostgreSQL's own count. SQLite in memory: its pages.
 */
export async function databaseBytes(db: Database): Promise<number> {
  if (dialect(db) === 'postgres') {
    const { rows } = (await db.raw('select pg_database_size(current_database()) as bytes')) as { rows: Array<{ bytes: string | number }> };
    return Number(rows[0].bytes);
  }
  const file = databaseFile(db);
  if (!file) {
    const [{ bytes }] = (await db.raw('select page_count * page_size as bytes from pragma_page_count(), pragma_page_size()')) as Array<{ bytes: number }>;
    return bytes;
  }
  const size = (path: string) =>
    stat(path).then(
      ({ size }) => size,
      () => 0,
    );
  const sizes = await Promise.all([file, `${file}-wal`, `${file}-shm`].map(size));
  return sizes.reduce((sum, size) => sum + size, 0);
}

/**
 * Deletes at most `limit` rows of `table` matching `where`, by row address (SQLite's rowid,
 * PostgreSQL's ctid), so tables without an id column are pruned in short transactions too.
 * Answers how many rows went.
 */
export async function deleteSome(db: Db, table: string, where: (query: Knex.QueryBuilder) => void, limit: number): Promise<number> {
  const address = db.client.config.client === 'pg' ? 'ctid' : 'rowid';
  const chosen = db(table).select(address).where(where).limit(limit);
  return Number(await db(table).whereIn(address, chosen).del());
}
