/**
 * What the server needs before it starts (docs/operations.md, "Starting"): a writable data
 * directory, a database that answers, and in cluster mode a Redis that answers. Each problem is
 * one line naming the variable to fix and the cause, so a typo in DATABASE_URL never starts a
 * fresh empty database somewhere, and the operator reads the fix instead of a stack trace.
 * `main.ts` refuses to start on the first; `vessel-link doctor` shows them all.
 */
import { accessSync, constants, mkdirSync } from 'node:fs';
import { Redis } from 'ioredis';
import type { Config } from '../config.js';
import { dirname, resolve } from 'node:path';
import { type Database, dialectOf, sqliteFile } from '../db/knex.js';

const REDIS_TIMEOUT_MS = 5000;

/** A dependency the server cannot start without, with the variable that points at it. */
export class DependencyError extends Error {
  constructor(
    readonly variable: string,
    message: string,
  ) {
    super(`${variable}: ${message}`);
  }
}

/** DATA_DIR exists (created if missing) and this process may write into it. */
export function checkDataDir(config: Config): void {
  try {
    mkdirSync(config.dataDir, { recursive: true });
    accessSync(config.dataDir, constants.W_OK);
  } catch (err) {
    throw new DependencyError('DATA_DIR', `${config.dataDir} is not writable by this process (${codeOf(err)}); fix its owner or point DATA_DIR elsewhere`);
  }
}

/** A SQLite database's folder exists (created if missing) and this process may write into it. */
export function checkSqliteFolder(config: Config): void {
  if (dialectOf(config.databaseUrl) !== 'sqlite') return;
  const file = sqliteFile(config.databaseUrl);
  if (file === ':memory:') return;
  const folder = dirname(resolve(file));
  try {
    mkdirSync(folder, { recursive: true });
    accessSync(folder, constants.W_OK);
  } catch (err) {
    throw new DependencyError('DATABASE_URL', `the SQLite database's folder ${folder} is not writable by this process (${codeOf(err)})`);
  }
}

/** The database answers a query; its error said in the operator's words. */
export async function checkDatabase(db: Database, config: Config): Promise<void> {
  try {
    await db.raw('select 1');
  } catch (err) {
    throw new DependencyError('DATABASE_URL', databaseProblem(err, config.databaseUrl));
  }
}

/** Redis answers PING within 5 s (cluster mode only). */
export async function checkRedis(url: string): Promise<void> {
  const redis = new Redis(url, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
    connectTimeout: REDIS_TIMEOUT_MS,
    enableOfflineQueue: false,
  });
  let cause: string | null = null;
  redis.on('error', (err: Error) => (cause ??= err.message));
  try {
    await redis.connect();
    await redis.ping();
  } catch (err) {
    throw new DependencyError('REDIS_URL', `cannot reach Redis at ${withoutPassword(url)} (${cause ?? (err as Error).message}); start it or fix the URL`);
  } finally {
    redis.disconnect();
  }
}

function databaseProblem(err: unknown, url: string): string {
  const e = err as Error & { code?: string };
  const where = withoutPassword(url);
  if (e.code === '3D000') return `the PostgreSQL database named in ${where} does not exist (${e.message}); create it, e.g. createdb ${databaseName(url)}`;
  if (e.code === '28P01' || e.code === '28000') return `PostgreSQL refused the credentials in ${where} (${e.message})`;
  if (e.code === 'ECONNREFUSED' || e.code === 'ENOTFOUND' || e.code === 'ETIMEDOUT') return `cannot reach PostgreSQL at ${where} (${e.code})`;
  if (e.code === 'SQLITE_CANTOPEN') return `cannot open the SQLite database ${url} (${e.message}): is its folder writable?`;
  return `${where}: ${e.message.split('\n')[0]}`;
}

function codeOf(err: unknown): string {
  return (err as NodeJS.ErrnoException).code ?? (err as Error).message;
}

/** The URL as safe to print: any password replaced. */
function withoutPassword(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return url;
  }
}

function databaseName(url: string): string {
  try {
    return new URL(url).pathname.replace(/^\//, '') || 'vessel_link';
  } catch {
    return 'vessel_link';
  }
}
