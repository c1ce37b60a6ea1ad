/**
 * The operator's commands as an operator runs them: `backup`, `restore` into an empty place
 * (refused over an existing database), and `doctor`.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI_TESTS, createCli, type Cli } from '../cli/run.js';

let cli: Cli;
const out = mkdtempSync(join(tmpdir(), 'vessel-link-cli-backup-'));

beforeAll(async () => {
  cli = await createCli();
  // Any command sets up a new database.
  expect((await cli.run(['migrate', '--json'])).code).toBe(0);
}, CLI_TESTS.timeout);
afterAll(() => cli.close());

describe('vessel-link backup, restore and doctor', CLI_TESTS, () => {
  it('backs up, then restores into an empty place and refuses an occupied one', async () => {
    const file = join(out, 'cli.tar');
    const backup = await cli.run(['backup', file, '--json']);
    expect(backup.code, backup.stderr).toBe(0);
    expect(backup.json()).toMatchObject({ file, sha256: expect.stringMatching(/^[0-9a-f]{64}$/) });

    const place = mkdtempSync(join(tmpdir(), 'vessel-link-cli-restore-'));
    const env = { DATABASE_URL: join(place, 'data', 'vessel-link.db'), DATA_DIR: join(place, 'data') };
    const restore = await cli.run(['restore', file, '--json'], { env });
    expect(restore.code, restore.stderr).toBe(0);
    expect(restore.json()).toMatchObject({ dialect: 'sqlite', archiveChecksum: 'matches' });

    const again = await cli.run(['restore', file], { env });
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/already exists/);
  });

  it('doctor reports each check and fails when one fails', async () => {
    const doctor = await cli.run(['doctor', '--json'], { env: { PORT: '0', MQTT_PORT: '0' } });
    const checks = JSON.parse(doctor.stdout) as Array<{ check: string; state: string }>;
    expect(checks.map((c) => c.check)).toEqual(expect.arrayContaining(['configuration', 'database', 'migrations', 'http port', 'broker port', 'smtp', 'disk']));
    expect(checks.find((c) => c.check === 'database')?.state).toBe('ok');
    // NODE_ENV=production without SMTP_URL is a failure: the exit code says so.
    expect(checks.find((c) => c.check === 'smtp')?.state).toBe('fail');
    expect(doctor.code).toBe(1);
  });

  it('doctor checks Redis in cluster mode and names REDIS_URL when it does not answer', async () => {
    const env = { PORT: '0', MQTT_PORT: '0', REDIS_URL: 'redis://127.0.0.1:1', SESSION_SECRET: 'a-cluster-secret-of-at-least-32-characters' };
    const doctor = await cli.run(['doctor', '--json'], { env });
    const redis = (JSON.parse(doctor.stdout) as Array<{ check: string; state: string; detail: string }>).find((c) => c.check === 'redis');
    expect(redis).toMatchObject({
      state: 'fail',
      detail: expect.stringMatching(/^REDIS_URL: cannot reach Redis at redis:\/\/127\.0\.0\.1:1 \(connect ECONNREFUSED/),
    });
  });
});
