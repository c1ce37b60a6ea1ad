/**
 * The admin nouns of the CLI, with --json parsed: companies, vessel models, products, vouchers,
 * subscriptions, error reports, document categories, import and export; and `bridges update`
 * against a running server with a real MQTT bridge.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminRequest } from '../../src/mqtt/protocol.js';
import { connectBridge, eventually, provisionBridge } from '../mqtt/helpers.js';
import { createTestServer, type TestServer } from '../helpers/server.js';
import { CLI_TESTS, createCli, type Cli } from './run.js';

describe('vessel-link admin nouns', CLI_TESTS, () => {
  let cli: Cli;
  beforeAll(async () => {
    cli = await createCli();
  });
  afterAll(() => cli.close());

  it('creates a manufacturer and a model, refuses a duplicate name and an unknown kind, and deletes the unused model', async () => {
    const maker = await cli.run(['companies', 'create', 'manufacturer', '--name', 'Azure Yachts', '--country', 'it', '--json']);
    expect(maker.code).toBe(0);
    expect(maker.json()).toMatchObject({ name: 'Azure Yachts', kind: 'manufacturer', countryCode: 'IT' });
    const dup = await cli.run(['companies', 'create', 'manufacturer', '--name', 'azure yachts']);
    expect(dup.code).toBe(1);
    expect(dup.stderr).toBe('error: A manufacturer with this name already exists\n');
    const model = await cli.run(['vessel-models', 'create', '--name', 'Azure 44', '--manufacturer', String(maker.json().id), '--length', '13.4', '--json']);
    expect(model.json()).toMatchObject({ name: 'Azure 44', lengthM: 13.4 });
    const list = await cli.run(['companies', 'list', '--kind', 'manufacturer', '--json']);
    expect(list.json().map((c: { name: string }) => c.name)).toEqual(['Azure Yachts']);
    expect((await cli.run(['vessel-models', 'delete', String(model.json().id), '--json'])).json()).toMatchObject({ deleted: { name: 'Azure 44' } });
    expect((await cli.run(['companies', 'create', 'shipyard', '--name', 'X'])).code).toBe(2);
  });

  it('creates a product and a voucher, and lists vouchers and subscriptions as JSON', async () => {
    const product = await cli.run([
      'products',
      'create',
      '--code',
      'SAT',
      '--name',
      'Satellite link',
      '--price',
      '19.99',
      '--currency',
      'eur',
      '--term',
      '6',
      '--json',
    ]);
    expect(product.json()).toMatchObject({ code: 'SAT', pricePence: 1999, currency: 'EUR', termMonths: 6 });
    const voucher = await cli.run(['vouchers', 'create', '--product', String(product.json().id), '--months', '6', '--uses', '5', '--json']);
    expect(voucher.json()).toMatchObject({ maxUses: 5, months: 6, code: expect.stringMatching(/^[A-Z0-9]{12}$/) });
    const vouchers = await cli.run(['vouchers', 'list', '--state', 'active', '--json']);
    expect(vouchers.json()).toEqual([expect.objectContaining({ id: voucher.json().id, code: expect.stringMatching(/…$/) })]);
    expect((await cli.run(['vouchers', 'redemptions', String(voucher.json().id), '--json'])).json().redemptions).toEqual([]);
    expect((await cli.run(['subscriptions', 'list', '--state', 'expired', '--json'])).json()).toEqual([]);
  });

  it('imports users from CSV with an error per bad row, and exports them', async () => {
    const file = join(tmpdir(), `users-${process.pid}.csv`);
    writeFileSync(file, 'email,firstName,lastName,admin\nann@example.com,Ann,Lee,false\nnot-an-address,,,\nbob@example.com,Bob,,yes\nann@example.com,,,\n');
    const result = await cli.run(['import', file, '--json']);
    expect(result.code).toBe(1);
    expect(result.json()).toMatchObject({
      imported: 2,
      errors: [
        { row: 3, error: 'not a valid e-mail address' },
        { row: 5, email: 'ann@example.com', error: 'this e-mail address is already on an earlier row' },
      ],
    });
    const again = await cli.run(['import', file, '--json']);
    expect(again.json().errors).toContainEqual({ row: 2, email: 'ann@example.com', error: 'a user with this e-mail address already exists' });
    const csv = await cli.run(['export', 'users', '--format', 'csv']);
    expect(csv.stdout.split('\n')[0]).toBe('id,email,firstName,lastName,isAdmin,status,createdAt');
    expect(csv.stdout).toContain('bob@example.com,Bob,,true,pending');
    const json = await cli.run(['export', 'users', '--format', 'json']);
    expect(
      json
        .json()
        .map((u: { email: string }) => u.email)
        .sort(),
    ).toEqual(['ann@example.com', 'bob@example.com']);
  });

  it("sets a user's password and deletes a user, asking for --yes first", async () => {
    await cli.run(['users', 'create', '--email', 'leaving@example.test', '--password', 'first-password-12', '--json']);
    const changed = await cli.run(['users', 'change-password', 'leaving@example.test', '--password-stdin', '--json'], { stdin: 'second-password-12\n' });
    expect(changed.code).toBe(0);
    expect(changed.json()).toMatchObject({ email: 'leaving@example.test' });
    const unconfirmed = await cli.run(['users', 'delete', 'leaving@example.test', '--json']);
    expect(unconfirmed.code).toBe(2);
    expect(unconfirmed.json()).toEqual({ ok: false, code: 'usage', message: 'Deleting a user cannot be undone: add --yes to confirm.' });
    expect((await cli.run(['users', 'delete', 'leaving@example.test', '--yes', '--json'])).json()).toMatchObject({
      email: 'leaving@example.test',
      deleted: true,
    });
    const gone = await cli.run(['users', 'delete', 'leaving@example.test', '--yes', '--json']);
    expect(gone.code).toBe(1);
    expect(gone.json()).toMatchObject({ ok: false, code: 'not_found' });
  });

  it('edits a bridge and shows its daily usage', async () => {
    const created = (await cli.run(['bridges', 'create', '--serial', 'CLI-EDIT-1', '--json'])).json();
    const edited = await cli.run(['bridges', 'edit', 'CLI-EDIT-1', '--version', '2.4.1', '--new-secret', '--json']);
    expect(edited.code).toBe(0);
    expect(edited.json()).toMatchObject({ id: created.id, serial: 'CLI-EDIT-1', version: '2.4.1', secret: expect.any(String) });
    expect(edited.json().secret).not.toBe(created.secret);
    expect(edited.json()).not.toHaveProperty('pairingCode');
    const renamed = await cli.run(['bridges', 'edit', String(created.id), '--serial', 'CLI-EDIT-2', '--new-pairing-code', '--json']);
    expect(renamed.json()).toMatchObject({ serial: 'CLI-EDIT-2', pairingCode: expect.any(String) });
    const nothing = await cli.run(['bridges', 'edit', 'CLI-EDIT-2', '--json']);
    expect(nothing.code).toBe(2);
    expect(nothing.json()).toMatchObject({ ok: false, code: 'usage' });

    const usage = await cli.run(['bridges', 'usage', 'CLI-EDIT-2', '--days', '7', '--json']);
    expect(usage.json()).toHaveLength(7);
    expect(usage.json().at(-1)).toEqual({ day: new Date().toISOString().slice(0, 10), messages: 0, bytes: 0, rejected: 0 });
    expect((await cli.run(['bridges', 'usage', 'CLI-EDIT-2', '--days', '0'])).code).toBe(2);
    const table = await cli.run(['bridges', 'usage', 'CLI-EDIT-2', '--days', '3']);
    expect(table.stdout.trim().split('\n').slice(1)).toHaveLength(3);
    expect(table.stdout).toContain(`${new Date().toISOString().slice(0, 10)}         0      0         0`);
  });

  it("shows the platform overview and a company's staff", async () => {
    await cli.run(['bridges', 'create', '--serial', 'CLI-OVERVIEW-1', '--json']);
    const overview = await cli.run(['overview', '--json']);
    expect(overview.code).toBe(0);
    expect(overview.json()).toMatchObject({ bridges: { total: expect.any(Number), online: 0 }, activeAlarms: 0, series: { days: 14 } });
    expect(overview.json().bridges.total).toBeGreaterThanOrEqual(1);
    expect((await cli.run(['overview'])).stdout).toMatch(/Bridges: +0 online of \d+/);

    const dealer = (await cli.run(['companies', 'create', 'dealer', '--name', 'Staffless Marine', '--json'])).json();
    expect((await cli.run(['companies', 'staff', String(dealer.id), '--json'])).json()).toEqual([]);
    expect((await cli.run(['companies', 'staff', String(dealer.id)])).stderr).toContain('No staff yet');
    const missing = await cli.run(['companies', 'staff', '999999', '--json']);
    expect(missing.code).toBe(1);
    expect(missing.json()).toMatchObject({ ok: false, code: 'not_found' });
  });

  it('reads error reports and adds a document category', async () => {
    expect((await cli.run(['error-reports', 'list', '--search', 'nothing', '--json'])).json()).toEqual([]);
    expect((await cli.run(['document-categories', 'add', 'Survey reports', '--json'])).json()).toMatchObject({ name: 'Survey reports' });
    expect((await cli.run(['document-categories', 'list', '--json'])).json().map((c: { name: string }) => c.name)).toContain('Survey reports');
    const help = await cli.run(['bridges', 'update', '--help']);
    expect(help.stdout).toContain('Examples:');
  });
});

describe('vessel-link bridges update', CLI_TESTS, () => {
  let cli: Cli;
  let t: TestServer;
  beforeAll(async () => {
    cli = await createCli();
    t = await createTestServer({ demo: true, listen: true });
  });
  afterAll(async () => {
    await t.close();
    await cli.close();
  });

  it('starts a rollout on the running server, which sends the update to the bridge, and shows the connection history', async () => {
    const admin = await t.login('admin@demo.test');
    const bridge = await provisionBridge(t, admin, 'CLI-ROLL-1');
    const client = await connectBridge(t, bridge);
    const requests: AdminRequest[] = [];
    client.on('message', (_topic, payload) => requests.push(JSON.parse(payload.toString()) as AdminRequest));
    await client.subscribeAsync(`bridges/${bridge.serial}/admin`, { qos: 1 });
    try {
      const env = { VESSEL_LINK_EMAIL: 'admin@demo.test' };
      const started = await cli.run(
        ['bridges', 'update', '--version', '5.0.0', '--bridge', String(bridge.id), '--no-wait', '--url', t.server.info.uri, '--password-stdin', '--json'],
        {
          stdin: 'vessel-link-demo',
          env,
        },
      );
      expect(started.code).toBe(0);
      expect(started.json()).toMatchObject({ version: '5.0.0', status: 'running', counts: { total: 1, released: 1 } });
      const request = await eventually(() => requests.find((r) => r.action === 'softwareUpdate'));
      await client.publishAsync(`bridges/${bridge.serial}/admin/response`, JSON.stringify({ requestId: request.requestId, state: 'COMPLETED' }), { qos: 1 });
      const shown = await eventually(
        async () => {
          const r = await cli.run(['bridges', 'rollouts', String(started.json().id), '--url', t.server.info.uri, '--json'], {
            env: { ...env, VESSEL_LINK_PASSWORD: 'vessel-link-demo' },
          });
          return r.json().status === 'completed' ? r.json() : null;
        },
        'completed rollout',
        60_000,
      );
      expect(shown.targets).toEqual([expect.objectContaining({ serial: 'CLI-ROLL-1', state: 'COMPLETED', progress: 100 })]);
      const wrong = await cli.run(['bridges', 'update', '--version', '5.0.1', '--all', '--url', t.server.info.uri, '--json'], {
        env: { ...env, VESSEL_LINK_PASSWORD: 'wrong' },
      });
      expect(wrong.code).toBe(1);
      // On the server's database, the bridge's connection history.
      const history = await cli.run(['bridges', 'connections', 'CLI-ROLL-1', '--json'], { env: { DATABASE_URL: t.database.url } });
      expect(history.json()).toEqual([{ event: 'connected', at: expect.any(String) }]);
    } finally {
      await client.endAsync();
    }
  });
});
