/**
 * `org grants --vessel ID`: the companies with access to a vessel and each grant's window, on
 * every database dialect the suite runs on.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDemoData } from '../../fixtures/demo.js';
import { testDialects } from '../helpers/db.js';
import { CLI_TESTS, createCli, type Cli } from './run.js';

describe.each(testDialects())('org grants on %s', CLI_TESTS, (dialect) => {
  let cli: Cli;
  beforeAll(async () => {
    cli = await createCli(dialect);
    expect((await cli.run(['migrate', '--json'])).code).toBe(0);
    await loadDemoData(cli.database.db);
  });
  afterAll(() => cli.close());

  it("lists Northern Star's contractor with its window and areas", async () => {
    const id = (await cli.database.db('vessels').where({ name: 'Northern Star' }).first('id')).id;
    const res = await cli.run(['org', 'grants', '--vessel', String(id), '--json']);
    expect(res.code).toBe(0);
    const [grant] = res.json();
    expect(grant).toMatchObject({
      companyName: 'Harbour Marine Services',
      companyKind: 'contractor',
      state: 'current',
      firstUsedAt: null,
      paused: false,
      permissionSummary: 'MANAGE alert, device; +deviceControl',
    });
    expect(Date.parse(grant.endsAt)).toBeGreaterThan(Date.now());

    const table = await cli.run(['org', 'grants', '--vessel', String(id)]);
    expect(table.stdout).toContain('Harbour Marine Services');
    expect(table.stdout).toContain('current');
  });

  it('answers a missing vessel with exit code 1 and a message on stderr', async () => {
    const res = await cli.run(['org', 'grants', '--vessel', '99999', '--json']);
    expect(res.code).not.toBe(0);
    expect(res.stderr).toContain('No vessel with id 99999');
  });
});
