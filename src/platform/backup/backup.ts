/**
 * `vessel-link backup` and the scheduled backups (docs/operations.md, "Backup and restore"): one
 * tar archive holding a manifest, the database and the files of the data directory, each with
 * its SHA-256, and a `.sha256` file beside it for the archive as a whole.
 *
 * SQLite is copied with its online backup API (better-sqlite3 `backup()`) on a connection of its
 * own, so ingest goes on meanwhile: in WAL mode the copy only reads. SQLite restarts a copy when
 * another connection writes between two steps; after a few restarts the rest is copied in one
 * step, which is one read snapshot. Either way the copy holds every transaction committed before
 * it began. PostgreSQL is dumped with `pg_dump --format=custom` (which must be on the PATH).
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import Database from 'better-sqlite3';
import type { Config } from '../../config.js';
import { dialectOf, sqliteFile } from '../../db/knex.js';
import { ArchiveWriter, digestOf, type EntryDigest } from './archive.js';

export const BACKUP_FORMAT = 'vessel-link-backup';
export const MANIFEST = 'manifest.json';
export const SQLITE_ENTRY = 'database.sqlite';
export const PG_ENTRY = 'database.pgdump';
/** Files of the data directory live under this prefix in the archive. */
export const DATA_PREFIX = 'data/';

export interface Manifest {
  format: typeof BACKUP_FORMAT;
  version: 1;
  createdAt: string;
  dialect: 'sqlite' | 'postgres';
  /** The migrations the database had: a restore onto newer code runs the rest at its first start. */
  migrations: string[];
  entries: EntryDigest[];
}

export interface BackupResult {
  file: string;
  bytes: number;
  sha256: string;
  entries: EntryDigest[];
}

/** 0–1 and what is being done. */
export type ProgressListener = (fraction: number, stage: string) => void;

/** Pages copied per step; small enough to show progress, large enough to finish quickly. */
const STEP_PAGES = 2048;
/** Restarts (a write between two steps) before the rest is copied in one step. */
const RESTARTS_BEFORE_ONE_STEP = 3;

/** Files of the data directory that belong in a backup: not the live database, not what a running server writes for itself. */
export function dataFiles(config: Config): string[] {
  const dir = config.dataDir;
  if (!existsSync(dir)) return [];
  const database = dialectOf(config.databaseUrl) === 'sqlite' ? resolve(sqliteFile(config.databaseUrl)) : null;
  const skipped = new Set([
    database,
    database && `${database}-wal`,
    database && `${database}-shm`,
    database && `${database}-journal`,
    join(dir, 'runtime.json'),
  ]);
  const backups = config.backup.dir;
  const walk = (at: string): string[] =>
    readdirSync(at, { withFileTypes: true }).flatMap((entry) => {
      const path = join(at, entry.name);
      if (entry.isDirectory()) return path === backups ? [] : walk(path);
      if (!entry.isFile() || skipped.has(path) || /\.(tmp|partial)$/.test(entry.name)) return [];
      return [path];
    });
  return walk(dir);
}

async function copySqlite(file: string, to: string, onProgress: ProgressListener): Promise<void> {
  const source = new Database(file, { fileMustExist: true });
  try {
    source.pragma('busy_timeout = 5000');
    let lastRemaining = Infinity;
    let restarts = 0;
    await source.backup(to, {
      progress({ totalPages, remainingPages }) {
        if (remainingPages > lastRemaining) restarts++;
        lastRemaining = remainingPages;
        onProgress(totalPages ? (totalPages - remainingPages) / totalPages : 1, 'database');
        return restarts >= RESTARTS_BEFORE_ONE_STEP ? Math.max(totalPages, 1) : STEP_PAGES;
      },
    });
    onProgress(1, 'database');
  } finally {
    source.close();
  }
}

/** Runs one of PostgreSQL's client tools; its first line of complaint becomes the error. */
export function runPostgresTool(tool: 'pg_dump' | 'pg_restore', args: string[]): Promise<void> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(tool, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += String(chunk)));
    child.on('error', (err) => reject(new Error(`${tool} could not be run (${err.message}): install the PostgreSQL client tools`)));
    child.on('exit', (code) => (code === 0 ? resolvePromise() : reject(new Error(`${tool} failed: ${stderr.trim().split('\n')[0]}`))));
  });
}

/** The migrations the copied database has, read from the copy itself. */
function sqliteMigrations(file: string): string[] {
  const copy = new Database(file, { readonly: true });
  try {
    return (copy.prepare('select name from knex_migrations order by id').all() as Array<{ name: string }>).map((r) => r.name);
  } catch {
    return [];
  } finally {
    copy.close();
  }
}

/** Takes a backup into `file` (which must not exist yet). */
export async function createBackup(
  config: Config,
  file: string,
  onProgress: ProgressListener = () => {},
  migrations: () => Promise<string[]> = async () => [],
): Promise<BackupResult> {
  const target = resolve(file);
  if (existsSync(target)) throw new Error(`${target} already exists: choose a new file name`);
  if (!existsSync(dirname(target))) throw new Error(`${dirname(target)} does not exist`);
  const dialect = dialectOf(config.databaseUrl);
  const work = `${target}.partial`;
  const databaseCopy = `${target}.database.partial`;
  try {
    let applied: string[];
    if (dialect === 'sqlite') {
      await copySqlite(sqliteFile(config.databaseUrl), databaseCopy, (f, stage) => onProgress(f * 0.8, stage));
      applied = sqliteMigrations(databaseCopy);
    } else {
      onProgress(0, 'database (pg_dump)');
      await runPostgresTool('pg_dump', ['--format=custom', '--no-owner', `--file=${databaseCopy}`, config.databaseUrl]);
      applied = await migrations();
    }
    const files = dataFiles(config);
    const entries = [await digestOf(dialect === 'sqlite' ? SQLITE_ENTRY : PG_ENTRY, databaseCopy)];
    const sources = new Map<string, string>([[entries[0].name, databaseCopy]]);
    for (const path of files) {
      const name = DATA_PREFIX + relative(config.dataDir, path).split(sep).join('/');
      entries.push(await digestOf(name, path));
      sources.set(name, path);
    }
    const manifest: Manifest = { format: BACKUP_FORMAT, version: 1, createdAt: new Date().toISOString(), dialect, migrations: applied, entries };
    const total = entries.reduce((sum, e) => sum + e.bytes, 0) || 1;
    let before = 0;
    const archive = await ArchiveWriter.create(work);
    try {
      await archive.addBuffer(MANIFEST, Buffer.from(JSON.stringify(manifest, null, 2)));
      for (const entry of entries) {
        await archive.addFile(entry.name, sources.get(entry.name)!, entry.bytes, (copied) => onProgress(0.8 + (0.2 * (before + copied)) / total, entry.name));
        before += entry.bytes;
      }
    } finally {
      await archive.close();
    }
    await rename(work, target);
    const whole = await digestOf(basename(target), target);
    await writeFile(`${target}.sha256`, `${whole.sha256}  ${basename(target)}\n`);
    onProgress(1, 'done');
    return { file: target, bytes: whole.bytes, sha256: whole.sha256, entries };
  } finally {
    // Opening the copy (it keeps the WAL mode of its source) leaves its -wal and -shm beside it.
    for (const leftover of [work, databaseCopy, `${databaseCopy}-wal`, `${databaseCopy}-shm`]) await rm(leftover, { force: true });
  }
}

/** Checks an archive against its `.sha256` file, when there is one beside it. */
export async function checkArchiveDigest(file: string): Promise<'matches' | 'absent'> {
  const sidecar = `${file}.sha256`;
  if (!existsSync(sidecar)) return 'absent';
  const expected = (await readFile(sidecar, 'utf8')).trim().split(/\s+/)[0];
  const actual = (await digestOf(basename(file), file)).sha256;
  if (expected !== actual) throw new Error(`${file} does not match its checksum (${basename(sidecar)}): the archive is damaged`);
  return 'matches';
}
