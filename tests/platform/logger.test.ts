import { describe, expect, it } from 'vitest';
import { createLogger } from '../../src/platform/logger.js';
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
});
