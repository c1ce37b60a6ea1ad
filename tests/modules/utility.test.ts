import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../helpers/server.js';

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
