/**
 * A database of its own for each test file: a temporary SQLite file, or, when
 * TEST_DATABASE_URL points at PostgreSQL, a fresh database created on that server and dropped
 * afterwards.
 */
import { randomBytes } from 'node:crypto';
import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import knexFactory from 'knex';
import { createDatabase, type Database } from '../../src/db/knex.js';
import { migrateLatest } from '../../src/db/migrate.js';
import { hasPostgresTemplate, postgresTemplate, sqliteTemplate } from './db-template.js';

export interface TestDatabase {
  url: string;
  db: Database;
  drop(): Promise<void>;
}

export type TestDialect = 'sqlite' | 'postgres';

/**
 * The dialect a suite written per dialect runs on in this pass: PostgreSQL when TEST_DATABASE_URL
 * names one, SQLite otherwise. `.ci/run` makes two passes, SQLite first, so each runs once on each.
 */
export const testDialects = (): TestDialect[] => (process.env.TEST_DATABASE_URL ? ['postgres'] : ['sqlite']);

/** PostgreSQL's address when TEST_DATABASE_URL does not name one: the local server CI makes sure of. */
export const LOCAL_POSTGRES = 'postgres://postgres@127.0.0.1:5432/postgres';

export async function createTestDatabase(
  dialect: TestDialect = process.env.TEST_DATABASE_URL ? 'postgres' : 'sqlite',
  migrate = true,
  adminUrl = process.env.TEST_DATABASE_URL,
): Promise<TestDatabase> {
  if (dialect === 'postgres') {
    if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
    const name = `vl_test_${process.pid}_${randomBytes(4).toString('hex')}`;
    const admin = knexFactory({ client: 'pg', connection: adminUrl, pool: { min: 0, max: 1 } });
    // A copy of the run's migrated template when there is one (tests/setup/build.ts makes it).
    const copied = migrate && (await hasPostgresTemplate(admin));
    await admin.raw(copied ? `CREATE DATABASE ${name} TEMPLATE ${postgresTemplate}` : `CREATE DATABASE ${name}`);
    await admin.destroy();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const db = createDatabase(url.toString());
    if (migrate && !copied) await migrateLatest(db);
    return {
      url: url.toString(),
      db,
      async drop() {
        await db.destroy();
        const cleanup = knexFactory({ client: 'pg', connection: adminUrl, pool: { min: 0, max: 1 } });
        await cleanup.raw(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await cleanup.destroy();
      },
    };
  }
  const dir = mkdtempSync(join(tmpdir(), 'vessel-link-test-'));
  const url = join(dir, 'test.db');
  // A copy of the run's migrated template when there is one (tests/setup/build.ts makes it).
  const copied = migrate && existsSync(sqliteTemplate);
  if (copied) copyFileSync(sqliteTemplate, url);
  const db = createDatabase(url);
  if (migrate && !copied) await migrateLatest(db);
  return {
    url,
    db,
    async drop() {
      await db.destroy();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
