import { describe, expect, it } from 'vitest';
import { dialect } from '../../src/db/knex.js';
import { migrateLatest, migrateRollbackAll, migrationStatus } from '../../src/db/migrate.js';
import { loadDemoData } from '../../fixtures/demo.js';
import { seedReferenceData } from '../../fixtures/reference.js';
import { createTestDatabase, testDialects } from '../helpers/db.js';

describe.each(testDialects())('migrations on %s', (which) => {
  it('apply, roll back completely and apply again', async () => {
    const { db, drop } = await createTestDatabase(which, false);
    try {
      expect(dialect(db)).toBe(which);
      const applied = await migrateLatest(db);
      expect(applied.length).toBeGreaterThan(5);
      expect((await migrationStatus(db)).pending).toEqual([]);
      for (const table of ['users', 'sessions', 'vessels', 'vessel_members', 'audit_log', 'mail_outbox']) expect(await db.schema.hasTable(table)).toBe(true);
      await migrateRollbackAll(db);
      expect(await db.schema.hasTable('users')).toBe(false);
      expect((await migrateLatest(db)).length).toBe(applied.length);
    } finally {
      await drop();
    }
  });

  it('loads the demo data once, and never over existing data', async () => {
    const { db, drop } = await createTestDatabase(which);
    try {
      await db.transaction(seedReferenceData);
      expect(await loadDemoData(db)).toBe(true);
      expect(await loadDemoData(db)).toBe(false);
      expect((await db('users').pluck('email')).sort()).toEqual(
        expect.arrayContaining(['admin@demo.test', 'owner@demo.test', 'owner2@demo.test', 'crew@demo.test', 'dealer@demo.test', 'contractor@demo.test']),
      );
      expect(Number((await db('vessels').count<{ n: number }[]>({ n: '*' }).first())!.n)).toBe(3);
      // Reference data is idempotent too.
      await db.transaction(seedReferenceData);
      expect(Number((await db('languages').count<{ n: number }[]>({ n: '*' }).first())!.n)).toBe(10);
    } finally {
      await drop();
    }
  });

  it('enforces foreign keys', async () => {
    const { db, drop } = await createTestDatabase(which);
    try {
      await expect(db('sessions').insert({ id: 'x', user_id: 424242, created_at: 'now', expires_at: 'later' })).rejects.toThrow();
    } finally {
      await drop();
    }
  });
});

describe('SQLite settings', () => {
  it('runs with WAL, foreign keys and a busy timeout', async () => {
    const { db, drop } = await createTestDatabase('sqlite');
    try {
      const journal = await db.raw('PRAGMA journal_mode');
      const fk = await db.raw('PRAGMA foreign_keys');
      const busy = await db.raw('PRAGMA busy_timeout');
      expect(journal[0].journal_mode).toBe('wal');
      expect(fk[0].foreign_keys).toBe(1);
      expect(Object.values(busy[0])[0]).toBeGreaterThanOrEqual(1000);
    } finally {
      await drop();
    }
  });
});
