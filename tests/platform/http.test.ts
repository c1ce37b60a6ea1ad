import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../helpers/server.js';

let t: TestServer;
beforeAll(async () => {
  t = await createTestServer();
});
afterAll(() => t.close());

describe('the HTTP contract', () => {
  it('answers unknown API paths with a 404 envelope', async () => {
    const res = await t.call('GET', '/api/no/such/call');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ ok: false, status: 404, error: 'Not Found', message: 'No such API call' });
  });

  it('answers a body that is not JSON with a 400, not a 500', async () => {
    const res = await t.call('POST', '/api/auth/login', { payload: '{"username": ', headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(400);
    expect(res.body.ok).toBe(false);
  });

  it('answers an oversized JSON body with 413', async () => {
    const res = await t.call('POST', '/api/utility/error', {
      payload: JSON.stringify({ comment: 'x'.repeat(2 * 1024 * 1024) }),
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(413);
    expect(res.body.message).toBe('File size exceeds the limit');
  });

  it('answers an unsupported body type with 415', async () => {
    const res = await t.call('POST', '/api/auth/login', { payload: '<xml/>', headers: { 'content-type': 'application/xml' } });
    expect(res.status).toBe(415);
  });

  it('never shows a stack trace', async () => {
    const res = await t.call('POST', '/api/auth/login', { payload: { username: ['a'], password: { $gt: '' } } });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).not.toMatch(/at .*\.ts:\d+/);
  });

  it('serves the OpenAPI description as JSON and a browsable page', async () => {
    const json = await t.call('GET', '/api/documentation.json');
    expect(json.status).toBe(200);
    expect(json.body.swagger ?? json.body.openapi).toBeDefined();
    expect(Object.keys(json.body.paths)).toEqual(expect.arrayContaining(['/api/auth/login', '/api/profile/edit', '/api/admin/users']));
    const page = await t.server.inject('/api/documentation');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    // hapi-swagger's page starts itself with inline scripts: its own policy allows them there alone.
    expect(page.headers['content-security-policy']).toContain("script-src 'self' 'unsafe-inline'");
    expect((await t.server.inject('/api/health/live')).headers['content-security-policy']).toBe(
      "script-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'",
    );
  });

  it('gives a client 15 s for its headers and 2 minutes for its whole request, then closes the socket', () => {
    // A socket trickling its headers held a connection for 330 s with Node's defaults (issue 40).
    expect(t.server.listener.headersTimeout).toBe(15_000);
    expect(t.server.listener.requestTimeout).toBe(120_000);
  });

  it('answers client routes of the web app, not a 404', async () => {
    const res = await t.server.inject('/dashboard/vessels/1');
    expect([200, 503]).toContain(res.statusCode);
    expect(res.statusCode).not.toBe(404);
  });
});

describe('requests the HTTP parser refuses', () => {
  const raw = async (request: string) => {
    const { connect } = await import('node:net');
    const listening = await createTestServer({ listen: true });
    try {
      const socket = connect(listening.server.info.port as number, '127.0.0.1');
      const chunks: Buffer[] = [];
      socket.on('data', (c: Buffer) => chunks.push(c));
      socket.write(request);
      await new Promise((resolve) => socket.on('close', resolve));
      const text = Buffer.concat(chunks).toString();
      const [head, body] = text.split('\r\n\r\n');
      return { statusLine: head.split('\r\n')[0], body: JSON.parse(body) };
    } finally {
      await listening.close();
    }
  };

  it('answers a URL over 16 KiB in the envelope with 414', async () => {
    const res = await raw(`GET /api/utility/version?x=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: localhost\r\n\r\n`);
    expect(res.statusLine).toBe('HTTP/1.1 414 URI Too Long');
    expect(res.body).toEqual({ ok: false, status: 414, error: 'URI Too Long', message: 'The address of this request is too long' });
  });

  it('answers a garbled request line in the envelope with 400', async () => {
    const res = await raw('NOT A REQUEST\r\n\r\n');
    expect(res.statusLine).toBe('HTTP/1.1 400 Bad Request');
    expect(res.body).toMatchObject({ ok: false, status: 400 });
  });
});
