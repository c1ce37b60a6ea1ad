/**
 * Transfers of ownership from the command line: an administrator offers a demo vessel to a new
 * owner for its owner, lists it and cancels it; errors keep the `--json` contract.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDemoData } from '../../fixtures/demo.js';
import { testDialects } from '../helpers/db.js';
import { lastMailTo } from '../helpers/mail.js';
import { CLI_TESTS, createCli, type Cli } from './run.js';

describe.each(testDialects())('vessels transfer on %s', CLI_TESTS, (dialect) => {
  let cli: Cli;
  let blueHorizon: number;
  beforeAll(async () => {
    cli = await createCli(dialect);
    expect((await cli.run(['migrate', '--json'])).code).toBe(0);
    await loadDemoData(cli.database.db);
    blueHorizon = (await cli.database.db('vessels').where({ name: 'Blue Horizon' }).first('id')).id;
  });
  afterAll(() => cli.close());

  it('offers a vessel to a new owner, who is e-mailed; nothing changes until they accept', async () => {
    const res = await cli.run(['vessels', 'transfer', String(blueHorizon), '--to', 'buyer@example.com', '--json']);
    expect(res.code).toBe(0);
    const transfer = res.json();
    expect(transfer).toMatchObject({ vesselId: blueHorizon, vesselName: 'Blue Horizon', status: 'pending', buyerEmail: 'buyer@example.com' });
    expect(transfer.seller.email).toBe('owner@demo.test');
    expect((await lastMailTo(cli.database.db, 'buyer@example.com'))!.subject).toBe('Blue Horizon is being transferred to you on Vessel Link');
    const owner = await cli.database.db('users').where({ email: 'owner@demo.test' }).first('id');
    expect((await cli.database.db('vessels').where({ id: blueHorizon }).first('owner_id')).owner_id).toBe(owner.id);
    const audit = await cli.database.db('audit_log').where({ action: 'CLI vessels transfer' }).first();
    expect(audit).toMatchObject({ actor_email: 'cli', target_type: 'vessel', target_id: String(blueHorizon), outcome: 200 });

    const listed = await cli.run(['vessels', 'transfers', '--pending', '--json']);
    expect(listed.json()).toEqual([expect.objectContaining({ id: transfer.id, status: 'pending' })]);
    const table = await cli.run(['vessels', 'transfers']);
    expect(table.stdout).toContain('buyer@example.com');
  });

  it('refuses a second transfer and an unknown vessel as one JSON error', async () => {
    const again = await cli.run(['vessels', 'transfer', String(blueHorizon), '--to', 'someone@example.com', '--json']);
    expect(again.code).toBe(1);
    expect(again.json()).toEqual({ ok: false, code: 'conflict', message: 'A transfer of this vessel is already waiting for an answer' });
    const missing = await cli.run(['vessels', 'transfer', '9999', '--to', 'someone@example.com', '--json']);
    expect(missing.code).toBe(1);
    expect(missing.json()).toEqual({ ok: false, code: 'not_found', message: 'Vessel not found' });
    const invalid = await cli.run(['vessels', 'transfer', String(blueHorizon), '--to', 'not-an-address', '--json']);
    expect(invalid.code).toBe(2);
  });

  it('cancels the transfer; both sides are told', async () => {
    const [transfer] = (await cli.run(['vessels', 'transfers', '--vessel', String(blueHorizon), '--json'])).json();
    const res = await cli.run(['vessels', 'cancel-transfer', String(transfer.id), '--json']);
    expect(res.code).toBe(0);
    expect(res.json()).toMatchObject({ id: transfer.id, status: 'cancelled' });
    expect((await lastMailTo(cli.database.db, 'buyer@example.com'))!.subject).toBe('The transfer of Blue Horizon was cancelled');
    expect((await lastMailTo(cli.database.db, 'owner@demo.test'))!.subject).toBe('The transfer of Blue Horizon was cancelled');
    const twice = await cli.run(['vessels', 'cancel-transfer', String(transfer.id), '--json']);
    expect(twice.code).toBe(1);
    expect(twice.json()).toMatchObject({ ok: false, message: 'This transfer is cancelled, not waiting for an answer' });
    expect((await cli.run(['vessels', 'transfers', '--pending', '--json'])).json()).toEqual([]);
  });
});
