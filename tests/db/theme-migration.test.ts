/**
 * The migration that makes the account's theme nullable (null: follow the device): a stored
 * 'light' was the default and becomes null, 'dark' stays, and on SQLite (which copies the table to
 * change a column) nothing a user owns is lost with the copy: sessions and tokens survive.
 */
import { describe, expect, it } from 'vitest';
import { options } from '../../src/db/migrate.js';
import { createTestDatabase, testDialects } from '../helpers/db.js';

const MIGRATION = '20261212090000_theme_follows_device.js';

describe.each(testDialects())('the theme migration on %s', (which) => {
  it('turns the default light into null, keeps dark and every session', async () => {
    const { db, drop } = await createTestDatabase(which);
    try {
      // Back to before the migration: the column is not nullable and defaults to light.
      while ((await db.migrate.list(options()))[0].map((m: { name: string }) => m.name).includes(MIGRATION)) await db.migrate.down(options());
      const at = new Date().toISOString();
      const user = (theme?: string) => ({
        email: `${theme ?? 'default'}@example.com`,
        status: 'active',
        created_at: at,
        updated_at: at,
        ...(theme ? { theme } : {}),
      });
      for (const row of [user(), user('light'), user('dark')]) await db('users').insert(row);
      const ids = Object.fromEntries((await db('users').select('id', 'email')).map((u: { id: number; email: string }) => [u.email, u.id]));
      await db('sessions').insert(Object.values(ids).map((id, i) => ({ id: `s${i}`, user_id: id, created_at: at, expires_at: at })));
      await expect(db('users').insert({ email: 'null@example.com', status: 'active', created_at: at, updated_at: at, theme: null })).rejects.toThrow();

      await db.migrate.latest(options());
      const themes = Object.fromEntries((await db('users').select('email', 'theme')).map((u: { email: string; theme: string | null }) => [u.email, u.theme]));
      expect(themes).toEqual({ 'default@example.com': null, 'light@example.com': null, 'dark@example.com': 'dark' });
      expect(Number((await db('sessions').count<{ n: number }[]>({ n: '*' }).first())!.n)).toBe(3);
      // A new account follows the device until its user chooses.
      await db('users').insert({ email: 'new@example.com', status: 'active', created_at: at, updated_at: at });
      expect((await db('users').where({ email: 'new@example.com' }).first()).theme).toBeNull();
      // Deleting a user still takes their sessions with them: the foreign keys survived the copy.
      await db('users').where({ id: ids['dark@example.com'] }).delete();
      expect(await db('sessions').where({ user_id: ids['dark@example.com'] })).toEqual([]);
      expect(await db('users').where({ email: 'new@example.com' }).first()).toBeTruthy();
    } finally {
      await drop();
    }
  });
});
