/** `vessel-link services due --company ID`: a company's services due, as JSON or a table. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDemoData } from '../../fixtures/demo.js';
import { CLI_TESTS, createCli, type Cli } from './run.js';

describe('services due', CLI_TESTS, () => {
  let cli: Cli;
  let dealerId: number;
  beforeAll(async () => {
    cli = await createCli();
    expect((await cli.run(['migrate', '--json'])).code).toBe(0);
    await loadDemoData(cli.database.db);
    dealerId = (await cli.database.db('companies').where({ name: 'Riviera Yachts' }).first('id')).id;
  });
  afterAll(() => cli.close());

  it('lists the dealer’s items on Sea Breeze, overdue first', async () => {
    const res = await cli.run(['services', 'due', '--company', String(dealerId), '--json']);
    expect(res.code).toBe(0);
    const entries = res.json<Array<{ vesselName: string; name: string; due: { status: string } }>>();
    expect(entries.map((e) => [e.vesselName, e.name, e.due.status])).toEqual([
      ['Sea Breeze', 'Engine oil and filter change', 'overdue'],
      ['Sea Breeze', 'Raw-water pump impeller', 'dueSoon'],
      ['Sea Breeze', 'Antifouling and anodes', 'ok'],
    ]);
    const table = await cli.run(['services', 'due', '--company', String(dealerId)]);
    expect(table.stdout).toContain('Engine oil and filter change');
    expect(table.stderr).toContain("3 service item(s) on Riviera Yachts's vessels");
  });

  it('answers exit 1 for a company that does not exist', async () => {
    const res = await cli.run(['services', 'due', '--company', '9999']);
    expect(res.code).toBe(1);
    expect(res.stderr).toContain('No company with id 9999');
  });
});
