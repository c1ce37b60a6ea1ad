/**
 * The server refuses a configuration it cannot mean (docs/operations.md, "Starting"): one line
 * naming the variable and the cause, exit code 1, and nothing created: a mistyped DATABASE_URL,
 * a PostgreSQL database that does not exist, a data directory it cannot write, a Redis that does
 * not answer. The compiled server (`dist/server/main.js`, what `npm start` runs) in production mode.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LOCAL_POSTGRES } from '../helpers/db.js';

const POSTGRES = process.env.TEST_DATABASE_URL ?? LOCAL_POSTGRES;
const mounts: string[] = [];
afterAll(() => {
  for (const dir of mounts) spawnSync('umount', [dir]);
});

function start(env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['dist/server/main.js'], {
      env: { PATH: process.env.PATH, NODE_ENV: 'production', HOST: '127.0.0.1', PORT: '0', MQTT_PORT: '0', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

const place = () => mkdtempSync(join(tmpdir(), 'vessel-link-startup-'));

describe('the server refuses to start', () => {
  it('on a DATABASE_URL with an unknown scheme, creating no database', async () => {
    const cwd = place();
    const run = await start({ DATABASE_URL: 'postgress://x', DATA_DIR: join(cwd, 'data') });
    expect(run.code).toBe(1);
    expect(run.stderr.trim().split('\n')).toEqual([expect.stringMatching(/^Invalid configuration: DATABASE_URL starts with "postgress:\/\/"/)]);
    expect(existsSync('postgress:')).toBe(false);
  });

  it('on a PostgreSQL database that does not exist, in one line', async () => {
    const url = POSTGRES.replace(/\/[^/]*$/, '/vessel_link_no_such_database');
    const run = await start({ DATABASE_URL: url, DATA_DIR: join(place(), 'data'), SESSION_SECRET: 'a-secret-of-at-least-32-characters-long' });
    expect(run.code).toBe(1);
    expect(run.stderr.trim().split('\n')).toEqual([
      expect.stringMatching(/^DATABASE_URL: the PostgreSQL database named in .* does not exist .*createdb vessel_link_no_such_database$/),
    ]);
  });

  it('on Redis not answering in cluster mode', async () => {
    const dir = place();
    const run = await start({
      DATABASE_URL: join(dir, 'v.db'),
      DATA_DIR: dir,
      REDIS_URL: 'redis://127.0.0.1:1',
      SESSION_SECRET: 'a-secret-of-at-least-32-characters-long',
    });
    expect(run.code).toBe(1);
    expect(run.stderr.trim().split('\n')).toEqual([expect.stringMatching(/^REDIS_URL: cannot reach Redis at redis:\/\/127\.0\.0\.1:1 \(connect ECONNREFUSED/)]);
    expect(existsSync(join(dir, 'v.db'))).toBe(false);
  });

  // A read-only file system refuses root too; mounting one needs root (CI runs as root).
  const readOnly = place();
  const mounted = spawnSync('mount', ['-t', 'tmpfs', '-o', 'ro,size=1m', 'tmpfs', readOnly]).status === 0;
  if (mounted) mounts.push(readOnly);
  it.runIf(mounted)('on a data directory it cannot write', async () => {
    const run = await start({ DATABASE_URL: join(tmpdir(), 'unused.db'), DATA_DIR: readOnly });
    expect(run.code).toBe(1);
    expect(run.stderr.trim().split('\n')).toEqual([expect.stringMatching(/^DATA_DIR: .* cannot be created or written by this process \(EROFS\)/)]);
  });

  it.runIf(mounted)('on a SQLite database in a folder it cannot write', async () => {
    const dir = place();
    const run = await start({
      DATABASE_URL: join(readOnly, 'db', 'v.db'),
      DATA_DIR: join(dir, 'data'),
      SESSION_SECRET: 'a-secret-of-at-least-32-characters-long',
    });
    expect(run.code).toBe(1);
    expect(run.stderr.trim().split('\n')).toEqual([expect.stringMatching(/^DATABASE_URL: the SQLite database's folder .* is not writable by this process/)]);
  });
});
