/**
 * Upgrades (docs/operations.md, "Upgrades"): a database built by the last landed release is
 * migrated forward by this code, and every row it held is still there, column for column. The
 * release's database is kept in `tests/ops/fixtures/` (how it was built: the README there), so
 * the test needs neither the release's code nor the git history.
 */
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../../src/db/knex.js';
import { migrateLatest, migrationStatus } from '../../src/db/migrate.js';
import { ringHolds } from '../../src/modules/telemetry/value-store/batch.js';

const RELEASE_DB = join(import.meta.dirname, 'fixtures', 'release-c5e30d5.db');
const work = mkdtempSync(join(tmpdir(), 'vessel-link-upgrade-'));
const file = join(work, 'release.db');
let db: Database;

/**
 * Tables a later migration replaced on purpose, and where each of their rows must be found now
 * (tests/db/ has each such migration's own test).
 */
const REPLACED: Record<string, (row: Record<string, unknown>) => Promise<boolean>> = {
  // 20261203100000_receipt_rings: a bridge's receipts are one ring row.
  ingest_receipts: async (row) => {
    const ring = await db('ingest_receipt_rings').where({ bridge_id: row.bridge_id }).first('slots');
    const digest = Buffer.from(String(row.digest), 'base64').subarray(0, 8).toString('latin1');
    return ringHolds(ring?.slots, { slot: Number(row.slot), messageId: Number(row.message_id), digest });
  },
};

/** Columns a later migration changed on purpose, and how each value changed (tests/db/ has the migration's own test). */
const CHANGED: Record<string, Record<string, (value: unknown) => unknown>> = {
  // 20261212090000_theme_follows_device: the default 'light' became null (follow the device).
  users: { theme: (value) => (value === 'light' ? null : value) },
};

/** Every row of every table, as the release left them. */
const before = new Map<string, Array<Record<string, unknown>>>();

beforeAll(async () => {
  copyFileSync(RELEASE_DB, file);
  db = createDatabase(file);
  const tables = (await db.raw("select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like 'knex_%'")) as Array<{
    name: string;
  }>;
  for (const { name } of tables) before.set(name, await db(name).select());
}, 120_000);

afterAll(async () => {
  await db?.destroy();
  rmSync(work, { recursive: true, force: true });
});

describe('upgrading the last release', () => {
  it('runs the newer migrations forward and keeps every row of the release, column for column', async () => {
    const { pending } = await migrationStatus(db);
    expect(pending.length).toBeGreaterThan(0);
    expect(before.get('users')?.length).toBeGreaterThan(0);
    expect(before.get('vessels')?.length).toBeGreaterThan(0);

    const applied = await migrateLatest(db);
    expect(applied).toEqual(pending);
    expect((await migrationStatus(db)).pending).toEqual([]);

    for (const [table, rows] of before) {
      const movedTo = REPLACED[table];
      if (movedTo) {
        expect(await db.schema.hasTable(table), table).toBe(false);
        for (const row of rows) expect(await movedTo(row), `${table} ${JSON.stringify(row)}`).toBe(true);
        continue;
      }
      const now = await db(table).select();
      expect(now.length, table).toBe(rows.length);
      const columns = Object.keys(rows[0] ?? {});
      const project = (row: Record<string, unknown>) => JSON.stringify(columns.map((c) => row[c]));
      const migrated = (row: Record<string, unknown>) => JSON.stringify(columns.map((c) => (CHANGED[table]?.[c] ?? ((v: unknown) => v))(row[c])));
      const kept = new Set(now.map(project));
      expect(
        rows.filter((row) => !kept.has(migrated(row))),
        table,
      ).toEqual([]);
    }
  });
});
