import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../helpers/server.js';
import { ERROR_REPORT_LIMIT } from '../../src/modules/utility/error-reports.js';
import { REQUEST_DATA_MAX_CHARS, REQUEST_DATA_MAX_DEPTH } from '../../src/modules/utility/schemas.js';

let t: TestServer;
beforeAll(async () => {
  t = await createTestServer({ demo: true });
});
afterAll(() => t.close());

const report = {
  status: 500,
  displayedMsg: 'Server error',
  timestamp: '2026-11-22T10:00:00.000Z',
  timezone: 'Europe/Monaco',
  platform: 'CLOUD_UI',
  uiVersion: '2.0.0',
  browser: 'Chromium 156',
  os: 'Linux',
  endpoint: '/api/vessel/1/devices',
  requestData: { password: 'should-not-be-kept', vesselId: 1 },
  userId: 999,
  environment: 'DEMO',
};

describe('utility', () => {
  it('lists countries and languages without a session', async () => {
    const countries = await t.call('GET', '/api/utility/countries');
    expect(countries.body.data).toContainEqual({ code: 'MC', name: 'Monaco' });
    expect(countries.body.data.length).toBeGreaterThan(200);
    expect((await t.call('GET', '/api/utility/languages')).body.data).toContainEqual({ code: 'en', name: 'English' });
  });

  it('answers the interface and server versions', async () => {
    expect((await t.call('GET', '/api/utility/version')).body).toEqual({ ok: true, data: { ui: '2.0.0', server: '1.0.0' } });
  });

  it('stores an error report without a comment, as the session’s user, with secrets removed', async () => {
    const token = await t.login('owner@demo.test');
    const res = await t.call('POST', '/api/utility/error', { token, payload: report });
    expect(res.status).toBe(200);
    const row = await t.database.db('error_reports').where({ id: res.body.data.id }).first();
    expect(row.comment).toBeNull();
    expect(row.user_name).toBe('owner@demo.test');
    expect(row.user_id).not.toBe(999);
    expect(row.request_data).not.toContain('should-not-be-kept');
    expect(JSON.parse(row.request_data).vesselId).toBe(1);
  });

  it('stores a comment, and accepts reports from signed-out pages', async () => {
    const res = await t.call('POST', '/api/utility/error', { payload: { ...report, comment: 'It broke when I opened the map' } });
    expect(res.status).toBe(200);
    expect((await t.database.db('error_reports').where({ id: res.body.data.id }).first()).comment).toBe('It broke when I opened the map');
  });

  it('refuses a report of an unknown platform, naming the field', async () => {
    const res = await t.call('POST', '/api/utility/error', { payload: { ...report, platform: 'DESKTOP' } });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/platform/);
  });
});

describe('error report limits', () => {
  /** The report with `requestData` nested `depth` objects deep, as JSON text (too deep for JSON.stringify). */
  const nested = (depth: number) => ({
    payload: JSON.stringify({ ...report, requestData: 'NESTED' }).replace('"NESTED"', `${'{"inner":'.repeat(depth)}"leaf"${'}'.repeat(depth)}`),
    headers: { 'content-type': 'application/json' },
  });

  it('refuses a deeply nested requestData with a 400 naming the field, never a 500', async () => {
    for (const depth of [REQUEST_DATA_MAX_DEPTH + 1, 100_000]) {
      const res = await t.call('POST', '/api/utility/error', { ...nested(depth), remoteAddress: '203.0.113.1' });
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/requestData/);
    }
    expect((await t.call('POST', '/api/utility/error', { ...nested(REQUEST_DATA_MAX_DEPTH), remoteAddress: '203.0.113.1' })).status).toBe(200);
  });

  it('refuses an oversized requestData with a 400', async () => {
    const res = await t.call('POST', '/api/utility/error', {
      payload: { ...report, requestData: { text: 'x'.repeat(REQUEST_DATA_MAX_CHARS) } },
      remoteAddress: '203.0.113.2',
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/requestData/);
  });

  it('limits anonymous reports per address and signed-in reports per user', async () => {
    const anonymous = async (remoteAddress: string) => (await t.call('POST', '/api/utility/error', { payload: report, remoteAddress })).status;
    for (let i = 0; i < ERROR_REPORT_LIMIT.points; i++) expect(await anonymous('203.0.113.3')).toBe(200);
    const refused = await t.call('POST', '/api/utility/error', { payload: report, remoteAddress: '203.0.113.3' });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await anonymous('203.0.113.4')).toBe(200);
    // A signed-in reporter has a budget of their own, wherever they report from.
    const token = await t.login('crew@demo.test');
    expect((await t.call('POST', '/api/utility/error', { token, payload: report, remoteAddress: '203.0.113.3' })).status).toBe(200);
  });
});
