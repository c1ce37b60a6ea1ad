/**
 * A migrated, empty database made once per run and copied for each test file, instead of each
 * file running every migration again (docs/testing.md, "Shared by the test files"): a file copy
 * on SQLite, `CREATE DATABASE … TEMPLATE` on PostgreSQL. The template's name carries a hash of the
 * migrations, so a changed or added migration makes a new one and a stale one is never used.
 * tests/db/migrations.test.ts still runs the migrations themselves, up and down, on both dialects.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import knexFactory from 'knex';
import { createDatabase } from '../../src/db/knex.js';
import { migrateLatest } from '../../src/db/migrate.js';

const MIGRATIONS = fileURLToPath(new URL('../../migrations', import.meta.url));

function migrationsHash(): string {
  const hash = createHash('sha1');
  for (const file of readdirSync(MIGRATIONS).sort()) hash.update(file).update(readFileSync(join(MIGRATIONS, file)));
  return hash.digest('hex').slice(0, 12);
}

const hash = migrationsHash();

/** The SQLite template's file: in the system's temporary folder, named by the migrations it holds. */
export const sqliteTemplate = join(tmpdir(), `vessel-link-template-${hash}.db`);
/** The PostgreSQL template's database name on the server the tests use. */
export const postgresTemplate = `vl_template_${hash}`;

/** Makes the SQLite template if this set of migrations has none yet (written aside, then renamed into place). */
export async function prepareSqliteTemplate(): Promise<void> {
  if (existsSync(sqliteTemplate)) return;
  const partial = `${sqliteTemplate}.${process.pid}.partial`;
  const db = createDatabase(partial);
  try {
    await migrateLatest(db);
  } finally {
    // Closing the last connection checkpoints the WAL into the file, so the one file is the whole database.
    await db.destroy();
  }
  renameSync(partial, sqliteTemplate);
  for (const suffix of ['-wal', '-shm']) rmSync(partial + suffix, { force: true });
}

/**
 * Makes the PostgreSQL template on `adminUrl`'s server if this set of migrations has none yet, and
 * drops the templates of older sets.
 */
export async function preparePostgresTemplate(adminUrl: string): Promise<void> {
  const admin = knexFactory({ client: 'pg', connection: adminUrl, pool: { min: 0, max: 1 } });
  try {
    const existing = (await admin('pg_database').where('datname', 'like', 'vl\\_template\\_%').pluck('datname')) as string[];
    for (const stale of existing.filter((name) => name !== postgresTemplate)) await admin.raw(`DROP DATABASE IF EXISTS ${stale} WITH (FORCE)`);
    if (existing.includes(postgresTemplate)) return;
    const partial = `${postgresTemplate}_partial`;
    await admin.raw(`DROP DATABASE IF EXISTS ${partial} WITH (FORCE)`);
    await admin.raw(`CREATE DATABASE ${partial}`);
    const url = new URL(adminUrl);
    url.pathname = `/${partial}`;
    const db = createDatabase(url.toString());
    try {
      await migrateLatest(db);
    } finally {
      await db.destroy();
    }
    await admin.raw(`ALTER DATABASE ${partial} RENAME TO ${postgresTemplate}`);
  } finally {
    await admin.destroy();
  }
}

/** Whether the PostgreSQL template exists on the server `admin` is connected to. */
export async function hasPostgresTemplate(admin: ReturnType<typeof knexFactory>): Promise<boolean> {
  return Boolean(await admin('pg_database').where('datname', postgresTemplate).first('datname'));
}
