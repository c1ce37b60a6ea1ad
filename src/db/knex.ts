/**
 * The Knex factory: SQLite (better-sqlite3) by default, PostgreSQL when the URL says so.
 */
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import knexFactory, { type Knex } from 'knex';
import pg from 'pg';

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

export function createDatabase(url: string): Database {
  if (dialectOf(url) === 'postgres') {
    return knexFactory({ client: 'pg', connection: url, pool: { min: 0, max: 10 } });
  }
  const file = sqliteFile(url);
  if (file !== ':memory:') mkdirSync(dirname(resolve(file)), { recursive: true });
  return knexFactory({
    client: 'better-sqlite3',
    connection: { filename: file },
    useNullAsDefault: true,
    pool: {
      min: 1,
      max: 1,
      afterCreate(conn: { pragma(sql: string): unknown }, done: (err: Error | null, conn: unknown) => void) {
        // WAL lets readers run beside the writer; foreign keys are off by default in SQLite;
        // the busy timeout makes a second process (the CLI) wait instead of failing.
        conn.pragma('journal_mode = WAL');
        conn.pragma('foreign_keys = ON');
        conn.pragma('busy_timeout = 5000');
        conn.pragma('synchronous = NORMAL');
        done(null, conn);
      },
    },
  });
}

export function dialect(db: Database): Dialect {
  return db.client.config.client === 'pg' ? 'postgres' : 'sqlite';
}

/** Inserts one row and answers its generated id, on both dialects. */
export async function insertId(db: Knex | Knex.Transaction, table: string, row: Record<string, unknown>): Promise<number> {
  const [result] = await db(table).insert(row).returning('id');
  return typeof result === 'object' ? Number((result as { id: number }).id) : Number(result);
}

export const nowIso = (): string => new Date().toISOString();
