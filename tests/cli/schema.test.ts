/**
 * How the CLI treats the database schema: a new database is set up on the spot, a database
 * that lacks some migrations is left for the operator to upgrade with `migrate`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI_TESTS, createCli, type Cli } from './run.js';

let cli: Cli;
beforeAll(async () => {
  cli = await createCli('sqlite');
});
afterAll(() => cli.close());

describe('the database schema', CLI_TESTS, () => {
  it('migrate --status on a new database lists every migration as pending', async () => {
    const res = await cli.run(['migrate', '--status', '--json']);
    expect(res.code).toBe(0);
    const { applied, pending } = res.json<{ applied: string[]; pending: string[] }>();
    expect(applied).toEqual([]);
    expect(pending.length).toBeGreaterThan(0);
    expect(pending.every((name) => /^\d{14}_\w+\.js$/.test(name))).toBe(true);
  });

  it('sets up a new database by itself, saying so on stderr', async () => {
    const res = await cli.run(['users', 'list', '--json']);
    expect(res.code).toBe(0);
    expect(res.json()).toEqual([]);
    expect(res.stderr).toMatch(/^New database at .+: applying \d+ migrations\.$/m);
    expect(Number((await cli.database.db('countries').count<{ n: number }[]>({ n: '*' }).first())!.n)).toBeGreaterThan(100);
  });

  it('leaves an existing database that lacks migrations to `migrate`, with exit 1', async () => {
    const last = await cli.database.db('knex_migrations').orderBy('id', 'desc').first();
    await cli.database.db('knex_migrations').where({ id: last.id }).delete();
    const res = await cli.run(['users', 'list', '--json']);
    expect(res.code).toBe(1);
    expect(res.json()).toEqual({ ok: false, code: 'failed_dependency', message: 'The database needs 1 more migration(s); run "vessel-link migrate" first.' });
    expect(res.stderr.trim()).toBe('error: The database needs 1 more migration(s); run "vessel-link migrate" first.');
  });
});
