/**
 * The write-ahead log written back by a thread of its own (src/db/checkpoints.ts): the writer
 * only finishes what the thread began, the thread writes back everything committed, nothing
 * committed is lost on the way, and under writes that never pause the log still starts over and
 * its file is cut back (docs/operations.md, "SQLite's write-ahead log").
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type BetterSqlite3 from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { BACKSTOP_CHECKPOINT_PAGES, WAL_SIZE_LIMIT_BYTES, WalCheckpoints, WRITER_CHECKPOINT_PAGES } from '../../src/db/checkpoints.js';
import { createDatabase, databaseBytes, type Database } from '../../src/db/knex.js';
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

/** The size of the `-wal` file now. */
const walBytes = (file: string): number => statSync(`${file}-wal`, { throwIfNoEntry: false })?.size ?? 0;

describe('WAL checkpoints in a thread of their own', () => {
  it('leave the writer only a backstop while they run, and give it its own checkpoints back once stopped', async () => {
    const { db, file } = await database();
    const checkpoints = new WalCheckpoints(db, file, createLogger('error'), { everyMs: 60_000 });
    try {
      expect(await writerPragma(db, 'wal_autocheckpoint')).toBe(WRITER_CHECKPOINT_PAGES);
      expect(await writerPragma(db, 'journal_size_limit')).toBe(WAL_SIZE_LIMIT_BYTES);
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
    const checkpoints = new WalCheckpoints(db, file, createLogger('error'), { everyMs: 60_000 });
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

  it('keep the log bounded under writes that never pause: it starts over and its file is cut back', async () => {
    const { db, file } = await database();
    // Scaled down: the log starts over once a checkpoint finds 64 pages in it (256 KB); the file is cut back to 128 KB.
    const limit = 128 * 1024;
    await writerPragma(db, `journal_size_limit = ${limit}`);
    const checkpoints = new WalCheckpoints(db, file, createLogger('error'), { everyMs: 60_000, restartPages: 64 });
    try {
      await checkpoints.start();
      await checkpoints.checkpoint();
      // The writer commits while every checkpoint of the worker's runs, as under a busy ingest:
      // the worker never finds the log at rest. 20 commits of a few pages each a checkpoint, 100 checkpoints.
      const sizes: number[] = [];
      for (let round = 0; round < 100; round++) {
        const checkpoint = checkpoints.checkpoint();
        for (let i = 0; i < 20; i++) {
          const payload = `round ${round} commit ${i} `.repeat(200);
          await db('samples').insert([{ payload }, { payload }]);
        }
        await checkpoint;
        sizes.push(walBytes(file));
      }
      // Several MB went through the log (with the worker's checkpoints alone it kept 7 to 14 MB of it); it never held more than 1 MB.
      expect(Math.max(...sizes)).toBeLessThanOrEqual(1024 * 1024);
      // Once the writes stop, the next checkpoint copies everything and the next commit starts the log over at the limit.
      await checkpoints.checkpoint();
      await write(db, 1);
      expect(walBytes(file)).toBeLessThanOrEqual(limit);
    } finally {
      await checkpoints.stop();
      await db.destroy();
    }
  });

  it('cut the file back once a reader that held the log open lets go', async () => {
    const { db, file } = await database();
    const limit = 128 * 1024;
    await writerPragma(db, `journal_size_limit = ${limit}`);
    const checkpoints = new WalCheckpoints(db, file, createLogger('error'), { everyMs: 60_000, restartPages: 64 });
    // A reader holding one snapshot all along, as an online backup does: nothing after it can be written back.
    const reader = createDatabase(file);
    const snapshot = await reader.transaction();
    try {
      await checkpoints.start();
      await snapshot('samples').count({ n: '*' });
      await write(db, 300);
      expect(walBytes(file)).toBeGreaterThan(4 * limit);
      await snapshot.commit();
      await checkpoints.checkpoint();
      await write(db, 1);
      expect(walBytes(file)).toBeLessThanOrEqual(limit);
    } finally {
      if (!snapshot.isCompleted()) await snapshot.rollback();
      await reader.destroy();
      await checkpoints.stop();
      await db.destroy();
    }
  });

  it("are counted in the database size: the file, its log and the log's index", async () => {
    const { db, file } = await database();
    try {
      await write(db, 50);
      const files = ['', '-wal', '-shm'].map((suffix) => statSync(file + suffix).size);
      expect(files[1]).toBeGreaterThan(0);
      expect(await databaseBytes(db)).toBe(files[0] + files[1] + files[2]);
    } finally {
      await db.destroy();
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
