/**
 * The write-ahead log written back by a thread of its own (src/db/checkpoints.ts): the writer
 * stops doing it while the thread runs, the thread writes back everything committed, and nothing
 * committed is lost on the way.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type BetterSqlite3 from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { BACKSTOP_CHECKPOINT_PAGES, WalCheckpoints, WRITER_CHECKPOINT_PAGES } from '../../src/db/checkpoints.js';
import { createDatabase, type Database } from '../../src/db/knex.js';
import { createLogger } from '../../src/platform/logger.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function database(): Promise<{ db: Database; file: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'vessel-link-wal-'));
  dirs.push(dir);
  const file = join(dir, 'test.db');
  const db = createDatabase(file);
  await db.schema.createTable('samples', (t) => {
    t.increments('id');
    t.string('payload');
  });
  return { db, file };
}

/** A pragma on the writer's own connection. */
async function writerPragma(db: Database, pragma: string): Promise<unknown> {
  const conn = (await db.client.acquireConnection()) as BetterSqlite3.Database;
  try {
    return conn.pragma(pragma, { simple: true });
  } finally {
    await db.client.releaseConnection(conn);
  }
}

/** Commits `count` transactions of a row each, as the ingest commits its batches. */
async function write(db: Database, count: number): Promise<void> {
  for (let i = 0; i < count; i++) await db('samples').insert({ payload: `sample ${i} `.repeat(50) });
}

describe('WAL checkpoints in a thread of their own', () => {
  it('leave the writer only a backstop while they run, and give it its own checkpoints back once stopped', async () => {
    const { db, file } = await database();
    const checkpoints = new WalCheckpoints(db, file, createLogger('error'), 60_000);
    try {
      expect(await writerPragma(db, 'wal_autocheckpoint')).toBe(WRITER_CHECKPOINT_PAGES);
      await checkpoints.start();
      expect(await writerPragma(db, 'wal_autocheckpoint')).toBe(BACKSTOP_CHECKPOINT_PAGES);
      await checkpoints.stop();
      expect(await writerPragma(db, 'wal_autocheckpoint')).toBe(WRITER_CHECKPOINT_PAGES);
    } finally {
      await checkpoints.stop();
      await db.destroy();
    }
  });

  it('write back everything committed, and lose none of it', async () => {
    const { db, file } = await database();
    const checkpoints = new WalCheckpoints(db, file, createLogger('error'), 60_000);
    try {
      await checkpoints.start();
      await write(db, 300);
      const result = await checkpoints.checkpoint();
      expect(result.logPages).toBeGreaterThan(100);
      expect(result.writtenBack).toBe(result.logPages);
      // Writes go on beside it.
      await write(db, 50);
      const next = await checkpoints.checkpoint();
      expect(next.writtenBack).toBe(next.logPages);
    } finally {
      await checkpoints.stop();
      await db.destroy();
    }
    const reopened = createDatabase(file);
    try {
      expect(await reopened('samples').count({ n: '*' }).first()).toEqual({ n: 350 });
    } finally {
      await reopened.destroy();
    }
  });

  it('refuse a checkpoint asked of a thread that is not running', async () => {
    const { db, file } = await database();
    const checkpoints = new WalCheckpoints(db, file, createLogger('error'));
    try {
      await expect(checkpoints.checkpoint()).rejects.toThrow('not running');
    } finally {
      await db.destroy();
    }
  });
});
