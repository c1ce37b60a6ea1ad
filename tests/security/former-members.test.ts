/**
 * What a paused or former member keeps (docs/decisions.md, "What a former member keeps"): a paused
 * access is refused everything, the vessel list included; a thread about a vessel is read only
 * while the reader can reach the vessel (its messages, attachments, search hits and unread count),
 * and comes back with the access. Ordinary threads stay.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../helpers/server.js';

let t: TestServer;
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};
let seaBreeze: number;
let vesselThread: number;
let plainThread: number;

const get = (who: string, url: string) => t.call('GET', url, { token: tokens[who] });
const post = (who: string, url: string, payload?: unknown) => t.call('POST', url, { token: tokens[who], payload });
const boundary = 'formerboundary';
const say = (who: string, threadId: number, text: string) =>
  t.call('POST', '/api/messages', {
    token: tokens[who],
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.from(
      [`threadId`, String(threadId), `text`, text]
        .reduce<string[]>(
          (parts, v, i, all) => (i % 2 ? parts : [...parts, `--${boundary}\r\nContent-Disposition: form-data; name="${v}"\r\n\r\n${all[i + 1]}\r\n`]),
          [],
        )
        .join('') + `--${boundary}--\r\n`,
    ),
  });
const vesselNames = async (who: string) => (await get(who, '/api/vessel/basic')).body.data.map((v: { name: string }) => v.name);
const threadIds = async (who: string) => (await get(who, '/api/messages/threads')).body.data.map((th: { id: number }) => th.id);
const unread = async (who: string) => (await get(who, '/api/messages/threadStats')).body.data.unreadCount as number;
const hits = async (who: string, text: string) =>
  (await post(who, '/api/messages/page', { page: 0, size: 20, filter: { text } })).body.data.totalElements as number;
const staffId = async (email: string) => (await get('dealer', '/api/org/staff')).body.data.find((s: { email: string }) => s.email === email).id as number;

beforeAll(async () => {
  t = await createTestServer({ demo: true });
  for (const who of ['owner', 'crew', 'dealer', 'dealer2']) {
    tokens[who] = await t.login(`${who}@demo.test`);
    ids[who] = (await get(who, '/api/profile/details')).body.data.id;
  }
  seaBreeze = (await get('owner', '/api/vessel/basic')).body.data.find((v: { name: string }) => v.name === 'Sea Breeze').id;
  vesselThread = (await post('owner', '/api/messages/threads', { userIds: [ids.crew], name: 'Sea Breeze: winter berth', vesselId: seaBreeze })).body.data.id;
  plainThread = (await post('owner', '/api/messages/threads', { userIds: [ids.crew], name: 'Dinner on Friday' })).body.data.id;
  expect((await say('owner', vesselThread, 'The berth code is 4471')).status).toBe(200);
  expect((await say('owner', plainThread, 'Bring the charts')).status).toBe(200);
});
afterAll(() => t.close());

describe('a paused access', () => {
  it("leaves a paused company staff member's vessel list without the company's vessels", async () => {
    expect(await vesselNames('dealer2')).toContain('Sea Breeze');
    expect((await post('dealer', `/api/org/pause/${await staffId('dealer2@demo.test')}/true`)).status).toBe(200);
    expect(await vesselNames('dealer2')).not.toContain('Sea Breeze');
    expect((await post('dealer', `/api/org/pause/${await staffId('dealer2@demo.test')}/false`)).status).toBe(200);
    expect(await vesselNames('dealer2')).toContain('Sea Breeze');
  });

  it("hides the vessel and the vessel's threads from a paused member, and gives them back on resuming", async () => {
    expect(await unread('crew')).toBe(2);
    expect((await post('owner', `/api/vessel/${seaBreeze}/pause`, { userId: ids.crew, paused: true })).status).toBe(200);
    expect(await vesselNames('crew')).not.toContain('Sea Breeze');
    expect(await threadIds('crew')).toEqual([plainThread]);
    expect((await get('crew', `/api/messages/threads/${vesselThread}/messages`)).status).toBe(404);
    expect(await hits('crew', '4471')).toBe(0);
    expect(await unread('crew')).toBe(1);
    expect((await say('crew', vesselThread, 'still here?')).status).toBe(404);

    expect((await post('owner', `/api/vessel/${seaBreeze}/pause`, { userId: ids.crew, paused: false })).status).toBe(200);
    expect(await vesselNames('crew')).toContain('Sea Breeze');
    expect((await threadIds('crew')).sort()).toEqual([vesselThread, plainThread].sort());
    expect(await hits('crew', '4471')).toBe(1);
  });
});

describe('a former member', () => {
  it("keeps ordinary threads and loses the vessel's, its messages and search hits included", async () => {
    expect((await post('owner', `/api/vessel/${seaBreeze}/revoke`, { userId: ids.crew })).status).toBe(200);
    expect(await vesselNames('crew')).not.toContain('Sea Breeze');
    expect(await threadIds('crew')).toEqual([plainThread]);
    expect((await get('crew', `/api/messages/threads/${vesselThread}/messages`)).status).toBe(404);
    expect(await hits('crew', '4471')).toBe(0);
    expect((await get('crew', `/api/messages/threads/${plainThread}/messages`)).status).toBe(200);
    // The owner, still aboard, reads on.
    expect((await get('owner', `/api/messages/threads/${vesselThread}/messages`)).body.data.content).toHaveLength(1);
  });
});
