import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { createDatabase } from '../../src/db/knex.js';

const base = { SESSION_SECRET: 'test-secret-test-secret-test-secret-0123456789', DATA_DIR: '/tmp/vessel-link-config-test' };

describe('demo data is on by default only where nobody else can reach it', () => {
  it('is on when listening on loopback, the default', () => {
    expect(loadConfig({ ...base }).host).toBe('127.0.0.1');
    expect(loadConfig({ ...base })).toMatchObject({ demo: true, demoExposed: false });
    expect(loadConfig({ ...base, HOST: 'localhost' })).toMatchObject({ demo: true, demoExposed: false });
  });

  it('is off when listening on another interface unless DEMO=on says so, and then it is flagged', () => {
    expect(loadConfig({ ...base, HOST: '0.0.0.0' })).toMatchObject({ demo: false, demoExposed: false });
    expect(loadConfig({ ...base, HOST: '0.0.0.0', DEMO: 'on' })).toMatchObject({ demo: true, demoExposed: true });
  });

  it('is off in production whatever the interface', () => {
    expect(loadConfig({ ...base, NODE_ENV: 'production' }).demo).toBe(false);
  });
});

describe('cluster mode', () => {
  it('refuses to start without one session secret for every node', () => {
    const { SESSION_SECRET: _secret, ...withoutSecret } = base;
    expect(() => loadConfig({ ...withoutSecret, REDIS_URL: 'redis://127.0.0.1:6379' })).toThrow(
      'Invalid configuration: SESSION_SECRET must be set in cluster mode (REDIS_URL), the same on every node',
    );
    expect(loadConfig({ ...base, REDIS_URL: 'redis://127.0.0.1:6379' })).toMatchObject({ redisUrl: 'redis://127.0.0.1:6379', redisPrefix: 'vessel-link' });
  });
});

describe('cameras on private addresses', () => {
  it('are fetched in demo mode for the demo cameras, but DEMO=on in production does not allow them', () => {
    expect(loadConfig({ ...base }).cameraAllowPrivate).toBe(true);
    expect(loadConfig({ ...base, NODE_ENV: 'production', DEMO: 'on' })).toMatchObject({ demo: true, cameraAllowPrivate: false });
    expect(loadConfig({ ...base, NODE_ENV: 'production', DEMO: 'on', CAMERA_ALLOW_PRIVATE: 'on' }).cameraAllowPrivate).toBe(true);
    expect(loadConfig({ ...base, CAMERA_ALLOW_PRIVATE: 'off' }).cameraAllowPrivate).toBe(false);
  });
});

describe('SQLite durability (docs/decisions.md, "Durability (issue 41)")', () => {
  it('is synchronous=NORMAL unless SQLITE_SYNCHRONOUS asks for FULL, in either case', () => {
    expect(loadConfig({ ...base }).sqliteSynchronous).toBe('normal');
    expect(loadConfig({ ...base, SQLITE_SYNCHRONOUS: '' }).sqliteSynchronous).toBe('normal');
    expect(loadConfig({ ...base, SQLITE_SYNCHRONOUS: 'full' }).sqliteSynchronous).toBe('full');
    expect(loadConfig({ ...base, SQLITE_SYNCHRONOUS: 'FULL' }).sqliteSynchronous).toBe('full');
    expect(loadConfig({ ...base, SQLITE_SYNCHRONOUS: 'normal' }).sqliteSynchronous).toBe('normal');
  });

  it('refuses anything else, naming the variable', () => {
    for (const value of ['off', 'extra', '2', 'fsync'])
      expect(() => loadConfig({ ...base, SQLITE_SYNCHRONOUS: value })).toThrow(
        `Invalid configuration: SQLITE_SYNCHRONOUS must be full or normal (docs/operations.md), not "${value}"`,
      );
  });

  it('is what the SQLite connection runs with', async () => {
    for (const synchronous of ['full', 'normal'] as const) {
      const db = createDatabase(':memory:', { synchronous: loadConfig({ ...base, SQLITE_SYNCHRONOUS: synchronous }).sqliteSynchronous });
      try {
        // PRAGMA synchronous answers 1 for NORMAL, 2 for FULL.
        expect((await db.raw('pragma synchronous'))[0]).toEqual({ synchronous: synchronous === 'full' ? 2 : 1 });
      } finally {
        await db.destroy();
      }
    }
  });
});
