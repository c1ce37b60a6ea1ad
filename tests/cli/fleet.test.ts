/**
 * Bridges and vessels from the command line, on every database dialect the suite runs on: a
 * bridge provisioned by the CLI signs in to a running server's broker, gets a new pairing code,
 * pairs with a demo vessel and is deleted; vessels are listed and shown with their members.
 */
import mqtt, { type IConnackPacket } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDemoData } from '../../fixtures/demo.js';
import { pairBridge } from '../../src/modules/bridges/api.js';
import { testDialects } from '../helpers/db.js';
import { createTestServer, type TestServer } from '../helpers/server.js';
import { connectBridge, mqttUrl } from '../mqtt/helpers.js';
import { CLI_TESTS, createCli, type Cli } from './run.js';

const vesselId = async (cli: Cli, name: string): Promise<number> => (await cli.database.db('vessels').where({ name }).first('id')).id;

describe.each(testDialects())('bridges and vessels on %s', CLI_TESTS, (dialect) => {
  let cli: Cli;
  let bridge: { id: number; serial: string; secret: string; pairingCode: string };
  beforeAll(async () => {
    cli = await createCli(dialect);
    expect((await cli.run(['migrate', '--json'])).code).toBe(0);
    await loadDemoData(cli.database.db);
  });
  afterAll(() => cli.close());

  it('bridges create --json prints the id, serial, secret and pairing code, nothing more', async () => {
    const res = await cli.run(['bridges', 'create', '--serial', 'SIM-0100', '--version', '2.0.1', '--json']);
    expect(res.code).toBe(0);
    bridge = res.json();
    expect(Object.keys(bridge).sort()).toEqual(['id', 'pairingCode', 'secret', 'serial']);
    expect(bridge).toEqual({ id: expect.any(Number), serial: 'SIM-0100', secret: expect.any(String), pairingCode: expect.stringMatching(/^[A-Z0-9]{8}$/) });
  });

  it('lists the new bridge as unpaired and offline, without its secret', async () => {
    const unpaired = await cli.run(['bridges', 'list', '--unpaired', '--json']);
    expect(unpaired.code).toBe(0);
    expect(unpaired.json()).toEqual([
      { id: bridge.id, serial: 'SIM-0100', version: '2.0.1', online: false, lastSeen: null, vesselId: null, vesselName: null, createdAt: expect.any(String) },
    ]);
    expect(unpaired.stdout).not.toContain(bridge.secret);
    expect((await cli.run(['bridges', 'list', '--paired', '--json'])).json()).toEqual([]);
    expect((await cli.run(['bridges', 'list', '--search', 'sim-01', '--json'])).json()).toHaveLength(1);
    expect((await cli.run(['bridges', 'list', '--search', 'nothing-like-it', '--json'])).json()).toEqual([]);
  });

  it('pairing-code issues a new code; the old one stops working and the new one pairs the bridge', async () => {
    const res = await cli.run(['bridges', 'pairing-code', 'SIM-0100', '--json']);
    expect(res.code).toBe(0);
    const issued = res.json();
    expect(issued).toEqual({ id: bridge.id, serial: 'SIM-0100', pairingCode: expect.stringMatching(/^[A-Z0-9]{8}$/) });
    expect(issued.pairingCode).not.toBe(bridge.pairingCode);
    expect(res.stdout).not.toContain(bridge.secret);

    const seaBreeze = await vesselId(cli, 'Sea Breeze');
    await expect(pairBridge(cli.database.db, bridge.pairingCode, seaBreeze)).rejects.toMatchObject({ output: { statusCode: 418 } });
    await expect(pairBridge(cli.database.db, issued.pairingCode, seaBreeze)).resolves.toMatchObject({ id: bridge.id, serial: 'SIM-0100' });

    const paired = await cli.run(['bridges', 'list', '--paired', '--json']);
    expect(paired.json()).toEqual([expect.objectContaining({ serial: 'SIM-0100', vesselId: seaBreeze, vesselName: 'Sea Breeze' })]);
  });

  it('refuses a pairing code for a paired bridge: exit 1, the owner must unlink it', async () => {
    const res = await cli.run(['bridges', 'pairing-code', String(bridge.id), '--json']);
    const message = `Bridge SIM-0100 is paired with vessel #${await vesselId(cli, 'Sea Breeze')}; its owner must unlink it first`;
    expect(res.code).toBe(1);
    expect(res.json()).toEqual({ ok: false, code: 'conflict', message });
    expect(res.stderr.trim()).toBe(`error: ${message}`);
  });

  it('answers exit 1 for a bridge that does not exist', async () => {
    for (const [ref, message] of [
      ['VL-NOTHERE', 'error: No bridge VL-NOTHERE'],
      ['9999', 'error: No bridge with id 9999'],
    ]) {
      for (const verb of ['pairing-code', 'delete']) {
        const res = await cli.run(['bridges', verb, ref, '--json']);
        expect(res.code).toBe(1);
        expect(res.json()).toEqual({ ok: false, code: 'not_found', message: message.replace(/^error: /, '') });
        expect(res.stderr.trim()).toBe(message);
      }
    }
  });

  it('vessels list shows owner, bridge, connection and member count', async () => {
    const res = await cli.run(['vessels', 'list', '--json']);
    expect(res.code).toBe(0);
    const vessels = res.json();
    expect(vessels.map((v: { name: string }) => v.name)).toEqual(['Blue Horizon', 'Northern Star', 'Sea Breeze']);
    expect(vessels[2]).toEqual({
      id: await vesselId(cli, 'Sea Breeze'),
      name: 'Sea Breeze',
      ownerId: expect.any(Number),
      ownerEmail: 'owner@demo.test',
      groupName: 'Mediterranean fleet',
      homePort: 'Monaco',
      bridgeSerial: 'SIM-0100',
      online: false,
      memberCount: 2,
      createdAt: expect.any(String),
    });
    expect(vessels[0]).toMatchObject({ name: 'Blue Horizon', bridgeSerial: null, memberCount: 0 });

    const owned = await cli.run(['vessels', 'list', '--owner', 'owner2@demo.test', '--json']);
    expect(owned.json().map((v: { name: string }) => v.name)).toEqual(['Northern Star']);
    const searched = await cli.run(['vessels', 'list', '--search', 'breeze', '--json']);
    expect(searched.json().map((v: { name: string }) => v.name)).toEqual(['Sea Breeze']);
  });

  it('vessels list prints a plain table into a pipe', async () => {
    const res = await cli.run(['vessels', 'list']);
    expect(res.code).toBe(0);
    const [header, ...rows] = res.stdout.trimEnd().split('\n');
    expect(header).toMatch(/^ID\s+NAME\s+OWNER\s+GROUP\s+BRIDGE\s+ONLINE\s+MEMBERS$/);
    expect(rows).toHaveLength(3);
    expect(rows[2]).toMatch(/Sea Breeze\s+owner@demo\.test\s+Mediterranean fleet\s+SIM-0100\s+no\s+2$/);
    expect(res.stderr).toBe('3 vessel(s)\n');
  });

  it('vessels list refuses an owner without an account: exit 1', async () => {
    const res = await cli.run(['vessels', 'list', '--owner', 'nobody@example.com', '--json']);
    expect(res.code).toBe(1);
    expect(res.stderr.trim()).toBe('error: No user with e-mail address nobody@example.com');
  });

  it('vessels show gives the owner, bridge, subscription and members with their permissions', async () => {
    const id = await vesselId(cli, 'Sea Breeze');
    const res = await cli.run(['vessels', 'show', String(id), '--json']);
    expect(res.code).toBe(0);
    const vessel = res.json();
    expect(vessel).toMatchObject({
      id,
      name: 'Sea Breeze',
      owner: { email: 'owner@demo.test', firstName: 'Olivia', lastName: 'Owner' },
      bridge: { id: bridge.id, serial: 'SIM-0100', version: '2.0.1', online: false, lastSeen: null },
      subscription: { valid: true, validUntil: expect.any(String), productIds: [expect.any(Number)] },
    });
    expect(vessel.members).toEqual([
      expect.objectContaining({
        kind: 'person',
        email: 'crew@demo.test',
        name: 'Chris Crew',
        status: 'active',
        paused: false,
        permissionSummary: 'VIEW alert, device, documents; +deviceControl +receiveNotifications',
      }),
      expect.objectContaining({
        kind: 'company',
        name: 'Riviera Yachts',
        status: 'active',
        paused: false,
        permissionSummary: 'MANAGE alert, device, documents; VIEW auditLogs, routine; +deviceControl',
      }),
    ]);
    expect(vessel.members[1].permissions).toMatchObject({ deviceManager: 'MANAGE', billingManager: 'DENY', allowDeviceControl: true });

    const lapsed = await cli.run(['vessels', 'show', String(await vesselId(cli, 'Northern Star')), '--json']);
    expect(lapsed.json()).toMatchObject({
      bridge: null,
      subscription: { valid: false },
      members: [expect.objectContaining({ kind: 'company', name: 'Harbour Marine Services' })],
    });
  });

  it('vessels show answers exit 1 for a vessel that does not exist', async () => {
    const res = await cli.run(['vessels', 'show', '9999']);
    expect(res.code).toBe(1);
    expect(res.stdout).toBe('');
    expect(res.stderr.trim()).toBe('error: No vessel with id 9999');
  });

  it('deletes the bridge by serial; the vessel is left without one', async () => {
    const res = await cli.run(['bridges', 'delete', 'SIM-0100', '--json']);
    expect(res.code).toBe(0);
    expect(res.json()).toEqual({ id: bridge.id, serial: 'SIM-0100', vesselId: await vesselId(cli, 'Sea Breeze'), deleted: true });
    expect(res.stderr).toMatch(/refused at its next connect/);
    expect(await cli.database.db('bridges').where({ id: bridge.id }).first()).toBeUndefined();
    expect((await cli.run(['bridges', 'list', '--json'])).json()).toEqual([]);
    expect((await cli.run(['vessels', 'list', '--search', 'Sea Breeze', '--json'])).json()[0]).toMatchObject({ bridgeSerial: null, online: false });
  });

  it('records the bridge actions in the audit trail, with their outcomes', async () => {
    const res = await cli.run(['audit', 'list', '--size', '200', '--json']);
    const actions = res.json().map((r: { action: string; outcome: number }) => `${r.action} ${r.outcome}`);
    expect(actions).toEqual(
      expect.arrayContaining([
        'CLI bridges create 200',
        'CLI bridges pairing-code 200',
        'CLI bridges pairing-code 409',
        'CLI bridges pairing-code 404',
        'CLI bridges delete 200',
        'CLI bridges delete 404',
      ]),
    );
  });
});

describe.each(testDialects())('a bridge provisioned by the CLI on %s', CLI_TESTS, (dialect) => {
  let t: TestServer;
  let cli: Cli;
  beforeAll(async () => {
    t = await createTestServer({ listen: true, dialect });
    cli = await createCli(dialect);
  });
  afterAll(async () => {
    await cli.close();
    await t.close();
  });

  it("signs in to a running server's broker with the serial and secret it printed", async () => {
    // The server's database and SESSION_SECRET: the secret is stored as an HMAC keyed with it.
    const created = await cli.run(['bridges', 'create', '--json'], { env: { DATABASE_URL: t.database.url, SESSION_SECRET: t.config.sessionSecret } });
    expect(created.code).toBe(0);
    const { serial, secret } = created.json();
    expect(serial).toMatch(/^VL-[A-Z0-9]{8}$/);

    const client = mqtt.connect(mqttUrl(t), {
      clientId: serial,
      username: serial,
      password: secret,
      protocolVersion: 4,
      reconnectPeriod: 0,
      connectTimeout: 5000,
    });
    try {
      const connack = await new Promise<IConnackPacket>((resolve, reject) => {
        client.once('connect', resolve);
        client.once('error', reject);
      });
      expect(connack.returnCode).toBe(0);
    } finally {
      await client.endAsync();
    }
    await expect(connectBridge(t, { serial, secret: secret + 'x' })).rejects.toThrow(/Not authorized|Bad username or password/i);
  });
});
