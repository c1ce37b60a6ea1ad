/**
 * An operator's first hour, on every database dialect the suite runs on: set up the database,
 * create and manage users, read the mail outbox and the audit trail.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { createServer } from '../../src/server.js';
import { testDialects } from '../helpers/db.js';
import { CLI_TESTS, createCli, type Cli } from './run.js';

const PASSWORD = 'harbour-master-2026';

describe.each(testDialects())('vessel-link on %s', CLI_TESTS, (dialect) => {
  let cli: Cli;
  beforeAll(async () => {
    cli = await createCli(dialect);
  });
  afterAll(() => cli.close());

  it('migrate applies every migration, then finds nothing left to do', async () => {
    const first = await cli.run(['migrate', '--json']);
    expect(first.code).toBe(0);
    const { applied } = first.json<{ applied: string[] }>();
    expect(applied.length).toBeGreaterThan(0);
    expect(applied.every((name) => /^\d{14}_\w+\.js$/.test(name))).toBe(true);

    const status = await cli.run(['migrate', '--status', '--json']);
    expect(status.json()).toEqual({ applied, pending: [] });

    const again = await cli.run(['migrate', '--json']);
    expect(again.json()).toEqual({ applied: [] });
  });

  it('migrate adds the reference data the application needs', async () => {
    const countries = await cli.database.db('countries').count<{ n: number }[]>({ n: '*' }).first();
    const navigation = await cli.database.db('navigation_components').pluck('code');
    expect(Number(countries!.n)).toBeGreaterThan(100);
    expect(navigation).toContain('FLEET');
  });

  it('creates a user with a password read from stdin, and lists it', async () => {
    const created = await cli.run(
      ['users', 'create', '--email', 'Skipper@Example.com', '--password-stdin', '--first-name', 'Ann', '--last-name', 'Skipper', '--json'],
      { stdin: PASSWORD + '\n' },
    );
    expect(created.code).toBe(0);
    expect(created.json()).toMatchObject({ email: 'skipper@example.com', firstName: 'Ann', lastName: 'Skipper', isAdmin: false, status: 'active' });
    expect(created.stdout + created.stderr).not.toContain(PASSWORD);

    const list = await cli.run(['users', 'list', '--json']);
    expect(list.code).toBe(0);
    expect(list.json().map((u: { email: string }) => u.email)).toContain('skipper@example.com');
  });

  it('prints a page as a JSON array and says on stderr when there are more', async () => {
    // The tests before this one left several CLI actions in the trail.
    const first = await cli.run(['audit', 'list', '--size', '1', '--json']);
    expect(Array.isArray(first.json())).toBe(true);
    expect(first.json()).toHaveLength(1);
    expect(first.stderr).toMatch(/\d+ more records: use --page 1/);
    const all = await cli.run(['audit', 'list', '--size', '200', '--json']);
    expect(all.stderr).not.toMatch(/more records/);
    const users = await cli.run(['users', 'list', '--json']);
    expect(Array.isArray(users.json())).toBe(true);
  });

  it('a user created by the CLI signs in to the API with that password', async () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      DATABASE_URL: cli.database.url,
      DATA_DIR: process.cwd(),
      SESSION_SECRET: 'cli-test-secret-cli-test-secret-0123456789',
      DEMO: 'off',
    });
    const server = await createServer(config, { db: cli.database.db });
    await server.initialize();
    try {
      const res = await server.inject({ method: 'POST', url: '/api/auth/login', payload: { username: 'skipper@example.com', password: PASSWORD } });
      expect(res.statusCode).toBe(200);
    } finally {
      await server.stop();
    }
  });

  it('refuses a second user with the same e-mail address: exit 1, message on stderr', async () => {
    const duplicate = await cli.run(['users', 'create', '--email', 'skipper@example.com', '--password-stdin', '--json'], { stdin: PASSWORD });
    expect(duplicate.code).toBe(1);
    expect(duplicate.json()).toEqual({ ok: false, code: 'conflict', message: 'A user with this e-mail address already exists' });
    expect(duplicate.stderr.trim()).toBe('error: A user with this e-mail address already exists');
  });

  it('makes a user an administrator by e-mail address, and suspends and activates by id', async () => {
    const admin = await cli.run(['users', 'make-admin', 'skipper@example.com', '--json']);
    expect(admin.code).toBe(0);
    const user = admin.json();
    expect(user).toMatchObject({ email: 'skipper@example.com', isAdmin: true });

    const suspended = await cli.run(['users', 'suspend', String(user.id), '--json']);
    expect(suspended.json()).toMatchObject({ id: user.id, status: 'suspended' });
    const listed = await cli.run(['users', 'list', '--status', 'suspended', '--json']);
    expect(listed.json()).toEqual([expect.objectContaining({ email: 'skipper@example.com' })]);

    const active = await cli.run(['users', 'activate', String(user.id), '--json']);
    expect(active.json()).toMatchObject({ id: user.id, status: 'active' });
  });

  it('answers exit 1 for a user that does not exist', async () => {
    const res = await cli.run(['users', 'suspend', 'nobody@example.com']);
    expect(res.code).toBe(1);
    expect(res.stderr.trim()).toBe('error: No user with e-mail address nobody@example.com');
  });

  it('invites a person: the invitation waits in the mail outbox, its link only with --show-body', async () => {
    const invited = await cli.run(['users', 'invite', '--email', 'crew@example.com', '--json']);
    expect(invited.code).toBe(0);
    expect(invited.json()).toMatchObject({ email: 'crew@example.com', status: 'pending' });

    const mail = await cli.run(['mail', 'list', '--json']);
    expect(mail.code).toBe(0);
    const [latest] = mail.json();
    expect(latest).toMatchObject({ to: 'crew@example.com', subject: 'You are invited to Vessel Link', delivery: 'outbox' });
    expect(latest).not.toHaveProperty('body');
    expect(mail.stdout).not.toContain('token=');

    const withBody = await cli.run(['mail', 'list', '--limit', '1', '--show-body', '--json']);
    expect(withBody.json()).toHaveLength(1);
    expect(withBody.json()[0].body).toMatch(/\/password-reset\?token=\S+/);
  });

  it('refuses to invite an address that already has an account', async () => {
    const res = await cli.run(['users', 'invite', '--email', 'crew@example.com']);
    expect(res.code).toBe(1);
    expect(res.stderr).toContain('already exists');
  });

  it('records every CLI action in the audit trail, with its outcome', async () => {
    const res = await cli.run(['audit', 'list', '--size', '200', '--json']);
    expect(res.code).toBe(0);
    const actions = res.json().map((r: { actorEmail: string; action: string; outcome: number }) => `${r.actorEmail} ${r.action} ${r.outcome}`);
    expect(actions).toEqual(
      expect.arrayContaining([
        'cli CLI migrate 200',
        'cli CLI users create 200',
        'cli CLI users create 409',
        'cli CLI users make-admin 200',
        'cli CLI users suspend 200',
        'cli CLI users suspend 404',
        'cli CLI users activate 200',
        'cli CLI users invite 200',
        'cli CLI users invite 409',
      ]),
    );

    const filtered = await cli.run(['audit', 'list', '--action', 'CLI users invite', '--json']);
    expect(filtered.json().map((r: { action: string }) => r.action)).toEqual(['CLI users invite', 'CLI users invite']);
  });

  it('provisions a bridge, showing its secret and pairing code once', async () => {
    const res = await cli.run(['bridges', 'create', '--serial', 'SIM-0001', '--version', '2.1.0', '--json']);
    expect(res.code).toBe(0);
    expect(res.json()).toEqual({
      id: expect.any(Number),
      serial: 'SIM-0001',
      secret: expect.stringMatching(/^\S{32,}$/),
      pairingCode: expect.stringMatching(/^[A-Z0-9]{8}$/),
    });

    const generated = await cli.run(['bridges', 'create', '--json']);
    expect(generated.json().serial).toMatch(/^VL-[A-Z0-9]{8}$/);

    const again = await cli.run(['bridges', 'create', '--serial', 'SIM-0001']);
    expect(again.code).toBe(1);
    expect(again.stderr.trim()).toBe('error: A reporting client with this serial already exists');
  });
});
