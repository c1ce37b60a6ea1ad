/**
 * `vessel-link restore FILE` (docs/operations.md, "Backup and restore"): unpacks a backup into an
 * empty place only. It refuses when the configured database already exists (a running server's
 * database always does) or when DATA_DIR/runtime.json names a process that is still running, so
 * it can never pull a database from under a server. Every entry is checked against the manifest's
 * SHA-256 (and the archive against its `.sha256` file when present) and the SQLite copy passes
 * `PRAGMA integrity_check` before anything is moved into place.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { GENERATED_DATA_FILES, type Config } from '../../config.js';
import { dialectOf, sqliteFile } from '../../db/knex.js';
import { extract, type EntryDigest } from './archive.js';
import {
  BACKUP_FORMAT,
  checkArchiveDigest,
  DATA_PREFIX,
  MANIFEST,
  type Manifest,
  PG_ENTRY,
  type ProgressListener,
  runPostgresTool,
  SQLITE_ENTRY,
} from './backup.js';

export interface RestoreResult {
  createdAt: string;
  dialect: Manifest['dialect'];
  migrations: number;
  files: number;
  archiveChecksum: 'matches' | 'absent';
}

/** A pid in runtime.json that still answers signal 0 is a running server. */
function runningServer(dataDir: string): number | null {
  const file = join(dataDir, 'runtime.json');
  if (!existsSync(file)) return null;
  try {
    const { pid } = JSON.parse(readFileSync(file, 'utf8')) as { pid?: number };
    if (!pid) return null;
    process.kill(pid, 0);
    return pid;
  } catch {
    return null;
  }
}

/** Refuses anything but an empty place to restore into. */
function refuseOccupied(config: Config): void {
  const pid = runningServer(config.dataDir);
  if (pid) throw new Error(`A server (pid ${pid}) is running on ${config.dataDir}: stop it and restore into an empty data directory`);
  if (dialectOf(config.databaseUrl) === 'sqlite') {
    const file = resolve(sqliteFile(config.databaseUrl));
    for (const f of [file, `${file}-wal`])
      if (existsSync(f)) throw new Error(`${f} already exists: restore only into an empty place (set DATABASE_URL and DATA_DIR to a new directory)`);
  }
  // Loading the configuration writes a new session secret and push keys into an empty data directory; the backup's replace them.
  const generated: readonly string[] = GENERATED_DATA_FILES;
  if (existsSync(config.dataDir) && readdirSync(config.dataDir).some((name) => !generated.includes(name)))
    throw new Error(`${config.dataDir} is not empty: restore only into an empty data directory`);
}

function checkIntegrity(file: string): void {
  const db = new Database(file, { readonly: true });
  try {
    const rows = db.pragma('integrity_check') as Array<{ integrity_check: string }>;
    if (rows.length !== 1 || rows[0].integrity_check !== 'ok')
      throw new Error(`The database in the backup fails its integrity check: ${rows[0]?.integrity_check}`);
  } finally {
    db.close();
  }
}

export async function restoreBackup(config: Config, file: string, onProgress: ProgressListener = () => {}): Promise<RestoreResult> {
  const archive = resolve(file);
  if (!existsSync(archive)) throw new Error(`${archive} does not exist`);
  refuseOccupied(config);
  const archiveChecksum = await checkArchiveDigest(archive);
  const dialect = dialectOf(config.databaseUrl);
  const databaseFile = dialect === 'sqlite' ? resolve(sqliteFile(config.databaseUrl)) : null;
  mkdirSync(config.dataDir, { recursive: true });
  const staging = mkdtempSync(join(databaseFile ? dirname(databaseFile) : config.dataDir, '.restore-'));
  try {
    let index = 0;
    const staged = new Map<string, string>();
    const found = await extract(
      archive,
      (name) => {
        if (name !== MANIFEST && name !== SQLITE_ENTRY && name !== PG_ENTRY && !(name.startsWith(DATA_PREFIX) && !name.includes('..'))) return null;
        const path = join(staging, String(index++));
        staged.set(name, path);
        return path;
      },
      (copied, total) => onProgress((0.9 * copied) / total, 'checking and unpacking'),
    );
    const manifestPath = staged.get(MANIFEST);
    if (!manifestPath) throw new Error('Not a Vessel Link backup: it has no manifest');
    const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
    if (manifest.format !== BACKUP_FORMAT || manifest.version !== 1) throw new Error('Not a Vessel Link backup, or one from a newer version');
    if (manifest.dialect !== dialect) throw new Error(`This backup holds a ${manifest.dialect} database and DATABASE_URL names a ${dialect} one`);
    const byName = new Map<string, EntryDigest>(found.map((e) => [e.name, e]));
    for (const expected of manifest.entries) {
      const actual = byName.get(expected.name);
      if (!actual) throw new Error(`The backup is incomplete: ${expected.name} is missing`);
      if (actual.sha256 !== expected.sha256 || actual.bytes !== expected.bytes)
        throw new Error(`${expected.name} does not match its checksum: the backup is damaged`);
    }

    onProgress(0.9, 'database');
    if (databaseFile) {
      const copy = staged.get(SQLITE_ENTRY)!;
      checkIntegrity(copy);
      mkdirSync(dirname(databaseFile), { recursive: true });
      await rename(copy, databaseFile);
    } else {
      await runPostgresTool('pg_restore', ['--no-owner', '--exit-on-error', `--dbname=${config.databaseUrl}`, staged.get(PG_ENTRY)!]);
    }
    let files = 0;
    for (const entry of manifest.entries.filter((e) => e.name.startsWith(DATA_PREFIX))) {
      const destination = join(config.dataDir, ...entry.name.slice(DATA_PREFIX.length).split('/'));
      mkdirSync(dirname(destination), { recursive: true });
      await rm(destination, { force: true });
      await rename(staged.get(entry.name)!, destination);
      files++;
    }
    onProgress(1, 'done');
    return { createdAt: manifest.createdAt, dialect, migrations: manifest.migrations.length, files, archiveChecksum };
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}
