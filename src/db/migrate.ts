/**
 * Runs the timestamped migrations in migrations/, in name order, with Knex's own bookkeeping.
 */
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Knex } from 'knex';
import type { Database } from './knex.js';

const here = dirname(fileURLToPath(import.meta.url));
/**
 * The compiled server (dist/server/main.js) and CLI (dist/cli/ and its chunks/) find the compiled
 * migrations in dist/migrations; the source (src/db) finds migrations/ at the root. The first
 * folder that exists wins, so dist/server never reaches the TypeScript ones.
 */
const migrationsDir = [resolve(here, '../migrations'), resolve(here, '../../migrations')].find((dir) => existsSync(dir))!;

class FolderMigrationSource implements Knex.MigrationSource<string> {
  async getMigrations(): Promise<string[]> {
    return readdirSync(migrationsDir)
      .filter((f) => /^\d{14}_[\w-]+\.[jt]s$/.test(f))
      .sort();
  }
  getMigrationName(migration: string): string {
    return migration.replace(/\.[jt]s$/, '.js');
  }
  async getMigration(migration: string): Promise<Knex.Migration> {
    return import(pathToFileURL(join(migrationsDir, migration)).href);
  }
}

/** The migrator configuration (tests step one migration down and up with it). */
export const options = (): Knex.MigratorConfig => ({ migrationSource: new FolderMigrationSource(), tableName: 'knex_migrations' });

export async function migrateLatest(db: Database): Promise<string[]> {
  const [, applied] = await db.migrate.latest(options());
  return applied as string[];
}

export async function migrateRollbackAll(db: Database): Promise<string[]> {
  const [, reverted] = await db.migrate.rollback(options(), true);
  return reverted as string[];
}

/**
 * Whether this node's schema is complete and nobody is migrating: readiness fails otherwise
 * (knex holds `knex_migrations_lock` for the whole run, whichever process runs it).
 */
export async function schemaReady(db: Database): Promise<boolean> {
  const lock = await db('knex_migrations_lock').first('is_locked');
  if (!lock || Number(lock.is_locked) !== 0) return false;
  return (await migrationStatus(db)).pending.length === 0;
}

export async function migrationStatus(db: Database): Promise<{ applied: string[]; pending: string[] }> {
  const [completed, pending] = await db.migrate.list(options());
  return {
    applied: (completed as Array<{ name: string }>).map((m) => m.name),
    pending: (pending as string[]).map((m) => m.replace(/\.[jt]s$/, '.js')),
  };
}
