/**
 * Liveness and readiness (docs/operations.md, "Health"): a node answers live as long as the
 * process does, and ready only once its database answers, its schema is migrated with nobody
 * migrating, and its broker listens.
 */
import type { Server } from '@hapi/hapi';
import { afterEach, describe, expect, it } from 'vitest';
import { migrateLatest } from '../../src/db/migrate.js';
import { createServer } from '../../src/server.js';
import { createTestDatabase, type TestDatabase } from '../helpers/db.js';
import { testConfig } from '../helpers/server.js';

let server: Server;
let database: TestDatabase;

afterEach(async () => {
  await server?.stop({ timeout: 2000 });
  await database?.drop();
});

/** A server on a fresh database; without migrations it is only initialised, as main.ts does before migrating. */
async function startOn(migrated: boolean): Promise<void> {
  database = await createTestDatabase(undefined, migrated);
  server = await createServer(testConfig(database.url), { db: database.db });
  if (migrated) await server.start();
  else await server.initialize();
}

const probe = async (path: string) => {
  const res = await server.inject({ method: 'GET', url: path });
  return { status: res.statusCode, body: JSON.parse(res.payload) };
};

describe('health', () => {
  it('is live and ready on a migrated database with the broker listening; the old check still answers', async () => {
    await startOn(true);
    expect(await probe('/api/health/live')).toMatchObject({ status: 200, body: { ok: true } });
    expect(await probe('/api/health/ready')).toMatchObject({ status: 200, body: { ok: true, database: 'up', broker: 'up', schema: 'up' } });
    expect(await probe('/api/health')).toMatchObject({ status: 200, body: { ok: true, database: 'up', broker: 'up' } });
  });

  it('is not ready while migrations run, and ready once they are done; live throughout', async () => {
    await startOn(false);
    expect(await probe('/api/health/ready')).toMatchObject({ status: 503, body: { schema: 'down' } });
    const running = migrateLatest(database.db);
    let done = false;
    void running.finally(() => (done = true)).catch(() => {});
    const during: number[] = [];
    while (!done) {
      during.push((await probe('/api/health/ready')).status);
      expect((await probe('/api/health/live')).status).toBe(200);
      // Probes come from the network, between other work: let the migrator read its files.
      await new Promise((resolve) => setImmediate(resolve));
    }
    await running;
    expect(during.length).toBeGreaterThan(0);
    expect(new Set(during)).toEqual(new Set([503]));
    expect(await probe('/api/health/ready')).toMatchObject({ status: 503, body: { schema: 'up', broker: 'down' } });
    await server.start();
    expect(await probe('/api/health/ready')).toMatchObject({ status: 200, body: { schema: 'up', broker: 'up' } });
  });

  it('is not ready while another node holds the migration lock', async () => {
    await startOn(true);
    await database.db('knex_migrations_lock').update({ is_locked: 1 });
    const ready = await probe('/api/health/ready');
    expect(ready).toMatchObject({ status: 503, body: { ok: false, database: 'up', schema: 'down', message: 'Database migrations are running or pending' } });
    await database.db('knex_migrations_lock').update({ is_locked: 0 });
    expect((await probe('/api/health/ready')).status).toBe(200);
  });

  it('is not ready when the database is unreachable, and still live', async () => {
    await startOn(true);
    await database.db.destroy();
    expect(await probe('/api/health/ready')).toMatchObject({ status: 503, body: { database: 'down' } });
    expect((await probe('/api/health/live')).status).toBe(200);
    database = await createTestDatabase();
  });
});
