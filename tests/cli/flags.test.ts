/**
 * What an operator sees when a flag is wrong (exit 2, one line on stderr, nothing changed; with
 * --json also one JSON object on stdout, so a script never parses nothing) and when output goes
 * to a pipe instead of a terminal.
 */
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI_TESTS, createCli, type Cli } from './run.js';

let cli: Cli;
beforeAll(async () => {
  cli = await createCli('sqlite');
});
afterAll(() => cli.close());

const PASSWORD = 'dock-and-anchor-77';

describe('usage errors', CLI_TESTS, () => {
  const cases: Array<[string, string[], RegExp]> = [
    ['an invalid e-mail address', ['users', 'create', '--email', 'not-an-email', '--password-stdin', '--json'], /--email.*Not a valid e-mail address/],
    ['a missing e-mail address', ['users', 'create', '--password-stdin'], /--email/],
    ['no password at all', ['users', 'create', '--email', 'a@example.com'], /--password-stdin/],
    [
      'both ways of giving a password',
      ['users', 'create', '--email', 'a@example.com', '--password', PASSWORD, '--password-stdin'],
      /either --password or --password-stdin/,
    ],
    ['an unknown status', ['users', 'list', '--status', 'sleeping'], /--status.*pending, active, suspended/],
    ['a page that is not a number', ['users', 'list', '--page', 'two'], /--page.*whole number/],
    ['a page size above 200', ['users', 'list', '--size', '500'], /--size.*between 1 and 200/],
    ['a user that is neither an id nor an address', ['users', 'make-admin', 'skipper'], /user id or e-mail address/],
    ['an actor id that is not a number', ['audit', 'list', '--actor', 'cli'], /--actor.*whole number/],
    ['a mail limit of 0', ['mail', 'list', '--limit', '0'], /--limit.*between 1 and 1000/],
    ['a bridge that is neither an id nor a serial', ['bridges', 'delete', 'VL/0001'], /argument 'bridge'.*Not a bridge id or serial/],
    ['a missing bridge', ['bridges', 'pairing-code'], /missing required argument 'bridge'/],
    ['an invalid serial', ['bridges', 'create', '--serial', 'x'], /--serial.*3 to 64 letters/],
    ['both --paired and --unpaired', ['bridges', 'list', '--paired', '--unpaired'], /'--paired' cannot be used with option '--unpaired'/],
    ['a search longer than a serial', ['bridges', 'list', '--search', 'x'.repeat(65)], /--search.*At most 64 characters/],
    ['a vessel id that is not a number', ['vessels', 'show', 'sea-breeze'], /argument 'id'.*whole number/],
    ['a vessel id of 0', ['vessels', 'show', '0', '--json'], /argument 'id'.*at least 1/],
    ['an owner that is not an e-mail address', ['vessels', 'list', '--owner', 'olivia'], /--owner.*Not a valid e-mail address/],
    ['an unknown flag', ['users', 'list', '--colour'], /unknown option '--colour'/],
  ];

  it.each(cases)('rejects %s with exit 2 and one line on stderr', async (_what, args, message) => {
    const res = await cli.run(args);
    expect(res.code).toBe(2);
    expect(res.stderr.trim().split('\n')).toHaveLength(1);
    expect(res.stderr).toMatch(message);
    if (!args.includes('--json')) return expect(res.stdout).toBe('');
    // With --json the same words, once more, as the one JSON object scripts read.
    expect(res.json()).toEqual({ ok: false, code: 'usage', message: expect.stringMatching(message) });
    expect(res.stdout.trim().split('\n')).toHaveLength(1);
  });

  it('rejects a short password without echoing it', async () => {
    const res = await cli.run(['users', 'create', '--email', 'a@example.com', '--password-stdin', '--json'], { stdin: 'short-pw' });
    expect(res.code).toBe(2);
    expect(res.json()).toEqual({ ok: false, code: 'usage', message: 'The password must be 12 to 128 characters long (it has 8).' });
    expect(res.stdout + res.stderr).not.toContain('short-pw');
    expect(res.stderr.trim()).toBe('error: The password must be 12 to 128 characters long (it has 8).');
  });

  it('rejects a password longer than 128 characters', async () => {
    const res = await cli.run(['users', 'create', '--email', 'a@example.com', '--password-stdin'], { stdin: 'x'.repeat(129) });
    expect(res.code).toBe(2);
    expect(res.stderr).toMatch(/12 to 128 characters/);
  });

  it('touches no database when the flags are wrong', () => {
    expect(existsSync(cli.database.url)).toBe(false);
  });

  it('shows the commands, on stderr with exit 2, when none is given', async () => {
    const res = await cli.run([]);
    expect(res.code).toBe(2);
    expect(res.stderr).toMatch(/Usage: vessel-link/);
    expect(res.stderr).toMatch(/users/);
  });

  it('shows help on stdout with exit 0 when asked', async () => {
    const res = await cli.run(['users', 'create', '--help']);
    expect(res.code).toBe(0);
    expect(res.stdout).toMatch(/--password-stdin/);
  });
});

describe('failures', CLI_TESTS, () => {
  it('reports a database it cannot reach in one line, exit 1, without the credentials', async () => {
    const res = await cli.run(['users', 'list', '--json'], { env: { DATABASE_URL: 'postgres://operator:do-not-show@127.0.0.1:1/vessel_link' } });
    expect(res.code).toBe(1);
    expect(res.json()).toEqual({ ok: false, code: 'failed', message: expect.stringMatching(/ECONNREFUSED/) });
    expect(res.stderr.trim().split('\n')).toEqual([expect.stringMatching(/^error: .*ECONNREFUSED/)]);
    expect(res.stdout + res.stderr).not.toContain('do-not-show');
  });

  it('reports invalid configuration in one line, exit 1', async () => {
    const res = await cli.run(['users', 'list'], { env: { SMTP_URL: 'not a url' } });
    expect(res.code).toBe(1);
    expect(res.stderr.trim()).toMatch(/^error: Invalid configuration: "SMTP_URL"/);
  });
});

describe('output to a pipe', CLI_TESTS, () => {
  it('accepts --password, warning on stderr that it is visible to others', async () => {
    const res = await cli.run(['users', 'create', '--email', 'mate@example.com', '--password', PASSWORD, '--first-name', 'First', '--last-name', 'Mate']);
    expect(res.code).toBe(0);
    expect(res.stderr).toMatch(/warning: --password is visible in the process list/);
    expect(res.stdout + res.stderr).not.toContain(PASSWORD);
  });

  it('prints a plain aligned table without --json, the summary on stderr', async () => {
    const res = await cli.run(['users', 'list']);
    expect(res.code).toBe(0);
    const [header, row, ...rest] = res.stdout.trimEnd().split('\n');
    expect(rest).toEqual([]);
    expect(header).toMatch(/^ID\s+E-MAIL\s+NAME\s+ADMIN\s+STATUS\s+CREATED$/);
    expect(row).toMatch(/^ 1\s+mate@example\.com\s+First Mate\s+no\s+active\s+\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    expect(header.indexOf('STATUS')).toBe(row.indexOf('active'));
    expect(res.stdout).not.toContain('\u001b[');
    expect(res.stderr).toBe('users 1–1 of 1\n');
  });

  it('says so on stderr when a list is empty', async () => {
    const res = await cli.run(['users', 'list', '--search', 'nobody-by-this-name']);
    expect(res.code).toBe(0);
    expect(res.stdout).toBe('');
    expect(res.stderr).toMatch(/No users match/);
  });
});
