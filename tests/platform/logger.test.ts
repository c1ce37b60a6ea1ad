import { describe, expect, it, vi } from 'vitest';
import { createDatabase } from '../../src/db/knex.js';
import { createLogger, RepeatedLog } from '../../src/platform/logger.js';
import { createTestServer } from '../helpers/server.js';

function capture() {
  const lines: Array<Record<string, unknown>> = [];
  return { lines, destination: { write: (line: string) => void lines.push(JSON.parse(line)) } };
}

describe('the logger', () => {
  it('redacts secrets by path and keeps status codes, country codes and error codes with their stack', () => {
    const { lines, destination } = capture();
    const log = createLogger('info', {}, destination);
    const failure = Object.assign(new Error('port taken'), { code: 'EADDRINUSE' });
    log.info('login', { payload: { username: 'a@b.c', password: 'hunter2-hunter2' }, statusCode: 401, countryCode: 'GB' });
    log.error('listen failed', { error: failure });
    expect(lines[0]).toMatchObject({ msg: 'login', statusCode: 401, countryCode: 'GB', payload: { username: 'a@b.c', password: '[redacted]' } });
    expect(JSON.stringify(lines)).not.toContain('hunter2');
    expect(lines[1]).toMatchObject({ level: 'error', error: { code: 'EADDRINUSE', message: 'port taken' } });
    expect(String((lines[1].error as { stack: string }).stack)).toContain('port taken');
  });

  it('logs each request by its path, never its query string or authorization header', async () => {
    const t = await createTestServer({ env: { LOG_LEVEL: 'info' } });
    const written: string[] = [];
    const original = process.stdout.write.bind(process.stdout);
    process.stdout.write = ((chunk: string | Uint8Array) => written.push(String(chunk)) > 0) as typeof process.stdout.write;
    try {
      await t.call('GET', '/api/vessel/1/documents/1/file?linkKey=secret-link-key-0001', { headers: { authorization: 'Bearer secret-bearer-0002' } });
    } finally {
      process.stdout.write = original;
      await t.close();
    }
    const logged = written.join('');
    expect(logged).toContain('/api/vessel/1/documents/1/file');
    expect(logged).not.toContain('secret-link-key-0001');
    expect(logged).not.toContain('secret-bearer-0002');
  });

  it('logs a failure that repeats once, then one line an interval with how many more there were', () => {
    vi.useFakeTimers();
    try {
      const { lines, destination } = capture();
      const repeated = new RepeatedLog(createLogger('info', {}, destination), 'error', 'message could not be stored', 10_000);
      for (let i = 0; i < 145; i++) repeated.report({ serial: `B-${i}` });
      expect(lines).toMatchObject([{ level: 'error', msg: 'message could not be stored', serial: 'B-0' }]);
      vi.advanceTimersByTime(10_000);
      expect(lines[1]).toMatchObject({ msg: 'message could not be stored (144 more in 10 s)', serial: 'B-144', repeated: 144 });
      repeated.report({ serial: 'B-145' });
      vi.advanceTimersByTime(10_000);
      expect(lines[2]).toMatchObject({ repeated: 1, serial: 'B-145' });
      // Quiet for a whole interval: the next one is logged as it happens.
      vi.advanceTimersByTime(10_000);
      repeated.report({ serial: 'B-146' });
      expect(lines).toHaveLength(4);
      expect(lines[3]).toMatchObject({ msg: 'message could not be stored', serial: 'B-146' });
    } finally {
      vi.useRealTimers();
    }
  });

  it("turns the database client's own warnings into log lines, not console text; a connection that could not be opened is a debug line", async () => {
    const { lines, destination } = capture();
    const printed = vi.spyOn(console, 'log');
    // Nothing listens on port 1: every query fails to get a connection, as while PostgreSQL is away.
    const db = createDatabase('postgres://postgres@127.0.0.1:1/none', { log: createLogger('debug', {}, destination) });
    try {
      for (let i = 0; i < 3; i++) await expect(db.raw('select 1')).rejects.toThrow('ECONNREFUSED');
      expect(printed).not.toHaveBeenCalled();
      const refused = lines.filter((line) => String(line.detail ?? '').startsWith('Acquire connection error'));
      expect(refused.length).toBeGreaterThan(0);
      // The query that wanted the connection fails and its caller reports it: nothing above debug here.
      expect(refused.every((line) => line.level === 'debug' && line.msg === 'database client')).toBe(true);
      expect(lines.filter((line) => line.level === 'warn' || line.level === 'error')).toEqual([]);
    } finally {
      printed.mockRestore();
      await db.destroy();
    }
  });
});
