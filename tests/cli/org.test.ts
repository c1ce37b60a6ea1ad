/**
 * Organisations from the operator's side, on every database dialect the suite runs on: `org
 * grants --vessel ID` (the companies with access to a vessel), `companies grants ID` (the vessels
 * a company reaches), `companies invite-admin` (a new company's first administrator, whose
 * invitation `mail show` reads), and `audit list --no-routine`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDemoData } from '../../fixtures/demo.js';
import { recordAudit } from '../../src/platform/audit.js';
import { testDialects } from '../helpers/db.js';
import { CLI_TESTS, createCli, type Cli } from './run.js';

describe.each(testDialects())('organisations on %s', CLI_TESTS, (dialect) => {
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

  it('lists the vessels a company reaches with each window, and answers an unknown company with exit 1', async () => {
    const { id } = await cli.database.db('companies').where({ name: 'Harbour Marine Services' }).first('id');
    const res = await cli.run(['companies', 'grants', String(id), '--json']);
    expect(res.code).toBe(0);
    expect(res.json()).toEqual([
      expect.objectContaining({ vesselName: 'Northern Star', state: 'current', paused: false, permissionSummary: 'MANAGE alert, device; +deviceControl' }),
    ]);
    const missing = await cli.run(['companies', 'grants', '99999', '--json']);
    expect(missing.code).toBe(1);
    expect(missing.json()).toEqual({ ok: false, code: 'not_found', message: 'No company with id 99999' });
  });

  it("invites a new company's first administrator, whose invitation waits in the mail outbox, and refuses a second", async () => {
    const company = (await cli.run(['companies', 'create', 'contractor', '--name', 'Staffless Rigging', '--json'])).json();
    const invited = await cli.run(['companies', 'invite-admin', String(company.id), '--email', 'boss@rigging.example', '--json']);
    expect(invited.code).toBe(0);
    expect(invited.json()).toEqual({ email: 'boss@rigging.example', companyId: company.id });

    const { id: mailId } = await cli.database.db('mail_outbox').where({ to_address: 'boss@rigging.example' }).first('id');
    const mail = await cli.run(['mail', 'show', String(mailId), '--json']);
    expect(mail.json()).toMatchObject({ to: 'boss@rigging.example', subject: 'Vessel Link: you are invited to run Staffless Rigging', delivery: 'outbox' });
    expect(mail.json().text).toMatch(/password-reset\?token=/);

    const second = await cli.run(['companies', 'invite-admin', String(company.id), '--email', 'deputy@rigging.example', '--json']);
    expect(second.code).toBe(1);
    expect(second.json()).toEqual({ ok: false, code: 'refused', message: 'Staffless Rigging already has an administrator: they invite the rest of the staff' });
    const badAddress = await cli.run(['companies', 'invite-admin', String(company.id), '--email', 'not-an-address', '--json']);
    expect(badAddress.code).toBe(2);
    expect(badAddress.json()).toMatchObject({ ok: false, code: 'usage', message: expect.stringContaining('Not a valid e-mail address') });
  });

  it('leaves the session checks out of the audit trail with --no-routine', async () => {
    const entry = { actorId: null, actorEmail: 'skipper@example.test', targetType: null, targetId: null, outcome: 200, details: null };
    await recordAudit(cli.database.db, { ...entry, action: 'POST /api/auth/checkSession' });
    await recordAudit(cli.database.db, { ...entry, action: 'POST /api/vessels' });
    const res = await cli.run(['audit', 'list', '--search', 'skipper@example.test', '--no-routine', '--json']);
    expect(res.code).toBe(0);
    expect(res.json().map((r: { action: string }) => r.action)).toEqual(['POST /api/vessels']);
  });
});
