/**
 * Messaging as its users meet it: who may be messaged, threads only their members can see (a
 * stranger gets 404 for the thread, its messages and attachments), attachments checked by size and
 * content, unread counts and read receipts across two people, the user's live stream, and the
 * e-mail digest that muted threads never trigger.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ATTACHMENT_MAX_BYTES, ATTACHMENT_MAX_FILES } from '../../contracts/messaging.js';
import { createTestServer, type TestServer } from '../helpers/server.js';
import { DIGEST_DELAY_MS } from '../../src/modules/messaging/digest.js';

let t: TestServer;
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};
let seaBreeze: number;

beforeAll(async () => {
  t = await createTestServer({ demo: true });
  for (const who of ['owner', 'owner2', 'crew', 'dealer', 'dealer2']) {
    tokens[who] = await t.login(`${who}@demo.test`);
    ids[who] = (await t.call('GET', '/api/profile/details', { token: tokens[who] })).body.data.id;
  }
  seaBreeze = (await t.call('GET', '/api/vessel/basic', { token: tokens.owner })).body.data.find((v: { name: string }) => v.name === 'Sea Breeze').id;
});
afterAll(() => t.close());

const boundary = 'messageboundary';
type Part = { name: string; value: string } | { name: string; filename: string; type: string; data: Buffer };
const multipart = (parts: Part[]) => ({
  headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  payload: Buffer.concat([
    ...parts.flatMap((p) =>
      'value' in p
        ? [Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"\r\n\r\n${p.value}\r\n`)]
        : [
            Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"; filename="${p.filename}"\r\nContent-Type: ${p.type}\r\n\r\n`),
            p.data,
            Buffer.from('\r\n'),
          ],
    ),
    Buffer.from(`--${boundary}--\r\n`),
  ]),
});
const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 3)]);
const post = (who: string, threadId: number, text: string, files: Array<{ filename: string; type: string; data: Buffer }> = []) =>
  t.call('POST', '/api/messages', {
    token: tokens[who],
    ...multipart([{ name: 'threadId', value: String(threadId) }, { name: 'text', value: text }, ...files.map((f) => ({ name: 'attachments[]', ...f }))]),
  });
const unread = async (who: string) => (await t.call('GET', '/api/messages/threadStats', { token: tokens[who] })).body.data.unreadCount as number;

describe('contacts and groups', () => {
  it('offers the crew and the dealer of the owner’s vessels, never a stranger', async () => {
    const contacts = (await t.call('GET', '/api/messages/contacts', { token: tokens.owner })).body.data as Array<{ userId: number; via: string[] }>;
    const reachable = contacts.map((c) => c.userId);
    expect(reachable).toEqual(expect.arrayContaining([ids.crew, ids.dealer, ids.dealer2]));
    expect(reachable).not.toContain(ids.owner2);
    expect(reachable).not.toContain(ids.owner);
    expect(contacts.find((c) => c.userId === ids.dealer)?.via).toContain('Sea Breeze');
    const groups = (await t.call('GET', '/api/messages/groups', { token: tokens.owner })).body.data;
    expect(groups).toContainEqual(expect.objectContaining({ kind: 'vessel', name: 'Sea Breeze', userIds: expect.arrayContaining([ids.crew, ids.dealer]) }));
  });

  it('refuses a thread with someone who is not a contact', async () => {
    const res = await t.call('POST', '/api/messages/threads', { token: tokens.owner, payload: { userIds: [ids.owner2] } });
    expect(res.status).toBe(418);
    expect((await t.call('POST', '/api/messages/threads', { token: tokens.owner, payload: { userIds: [] } })).status).toBe(400);
  });
});

describe('a thread about a vessel', () => {
  let threadId: number;
  let attachmentUrl: string;
  let messageId: number;

  it('is created with the dealer, tied to Sea Breeze, and posts a photo', async () => {
    const created = await t.call('POST', '/api/messages/threads', {
      token: tokens.owner,
      payload: { userIds: [ids.dealer], name: 'Engine service', vesselId: seaBreeze },
    });
    expect(created.status).toBe(200);
    threadId = created.body.data.id;
    expect(created.body.data).toMatchObject({ name: 'Engine service', vesselId: seaBreeze, vesselName: 'Sea Breeze', createdBy: ids.owner, unreadCount: 0 });
    expect(created.body.data.users.map((u: { userId: number }) => u.userId).sort()).toEqual([ids.owner, ids.dealer].sort());

    const sent = await post('owner', threadId, 'The port engine smokes', [{ filename: 'engine.png', type: 'image/png', data: png }]);
    expect(sent.status).toBe(200);
    messageId = sent.body.data.id;
    expect(sent.body.data.attachments).toEqual([expect.objectContaining({ name: 'engine.png', mime: 'image/png', size: png.length })]);
    attachmentUrl = sent.body.data.attachments[0].url;
  });

  it('counts the message unread for the dealer only, until the dealer opens the thread', async () => {
    expect(await unread('dealer')).toBe(1);
    expect(await unread('owner')).toBe(0);
    const list = (await t.call('GET', '/api/messages/threads', { token: tokens.dealer })).body.data;
    expect(list[0]).toMatchObject({ id: threadId, unreadCount: 1, lastMessage: { text: 'The port engine smokes' } });
    const ping = await t.call('POST', '/api/messages/ping', { token: tokens.dealer, payload: { threadId } });
    expect(ping.body.data).toEqual({ unreadCount: 0 });
    const ownerView = (await t.call('GET', '/api/messages/threads', { token: tokens.owner })).body.data[0];
    expect(ownerView.users.find((u: { userId: number }) => u.userId === ids.dealer).lastReadMessageId).toBe(messageId);

    await post('dealer', threadId, 'I will come on Monday');
    expect(await unread('owner')).toBe(1);
    expect(await unread('dealer')).toBe(0);
  });

  it('answers 404 to a non-member for the thread, its messages and its attachments', async () => {
    const stranger = tokens.owner2;
    expect((await t.call('GET', `/api/messages/threads/${threadId}/messages`, { token: stranger })).status).toBe(404);
    expect((await t.call('GET', `/api/messages/threads/${threadId}/messages`, { token: tokens.crew })).status).toBe(404);
    expect((await t.call('POST', '/api/messages/ping', { token: stranger, payload: { threadId } })).status).toBe(404);
    expect((await post('owner2', threadId, 'hello')).status).toBe(404);
    expect((await t.call('PUT', '/api/messages/threads', { token: stranger, payload: { threadId, name: 'Mine' } })).status).toBe(404);
    expect((await t.call('DELETE', `/api/messages/threads/${threadId}`, { token: stranger })).status).toBe(404);
    expect((await t.call('DELETE', `/api/messages/${messageId}`, { token: stranger })).status).toBe(404);
    expect((await t.server.inject(await t.link(stranger, attachmentUrl))).statusCode).toBe(404);
    const member = await t.server.inject(await t.link(tokens.dealer, attachmentUrl));
    expect(member.statusCode).toBe(200);
    expect(member.headers['content-type']).toBe('image/png');
    expect(member.rawPayload.equals(png)).toBe(true);
  });

  it('shows the crew with userManager VIEW that the thread exists, without its messages', async () => {
    const owner = await t.call('GET', `/api/vessel/${seaBreeze}/threads`, { token: tokens.owner });
    expect(owner.body.data).toContainEqual(expect.objectContaining({ id: threadId, name: 'Engine service', isMember: true }));
    expect(owner.body.data[0]).not.toHaveProperty('lastMessage');
  });

  it('pages the messages oldest first', async () => {
    const page = await t.call('GET', `/api/messages/threads/${threadId}/messages?size=1`, { token: tokens.owner });
    expect(page.body.data.content.map((m: { text: string }) => m.text)).toEqual(['I will come on Monday']);
    expect(page.body.data.hasMore).toBe(true);
    const older = await t.call('GET', `/api/messages/threads/${threadId}/messages?size=5&before=${page.body.data.content[0].id}`, { token: tokens.owner });
    expect(older.body.data).toMatchObject({ hasMore: false, content: [{ text: 'The port engine smokes' }] });
  });

  it('finds messages by text and by attachment name, only among one’s own threads', async () => {
    const byName = await t.call('POST', '/api/messages/page', { token: tokens.dealer, payload: { filter: { text: 'ENGINE.png' } } });
    expect(byName.body.data).toMatchObject({ totalElements: 1, content: [{ threadName: 'Engine service', message: { id: messageId } }] });
    expect((await t.call('POST', '/api/messages/page', { token: tokens.dealer, payload: { filter: { text: 'monday' } } })).body.data.totalElements).toBe(1);
    expect((await t.call('POST', '/api/messages/page', { token: tokens.owner2, payload: { filter: { text: 'engine' } } })).body.data.totalElements).toBe(0);
    expect((await t.call('POST', '/api/messages/page', { token: tokens.owner, payload: { filter: {} } })).status).toBe(400);
  });

  it('adds members as the full list, lets only the creator remove others or delete, and lets anyone leave', async () => {
    const added = await t.call('PUT', '/api/messages/threads', { token: tokens.dealer, payload: { threadId, userIds: [ids.owner, ids.dealer, ids.dealer2] } });
    expect(added.status).toBe(200);
    expect(added.body.data.users).toHaveLength(3);
    expect((await t.call('GET', `/api/messages/threads/${threadId}/messages`, { token: tokens.dealer2 })).status).toBe(200);
    const removing = await t.call('PUT', '/api/messages/threads', { token: tokens.dealer, payload: { threadId, userIds: [ids.dealer, ids.dealer2] } });
    expect(removing.status).toBe(403);
    expect((await t.call('DELETE', `/api/messages/threads/${threadId}`, { token: tokens.dealer })).status).toBe(403);
    expect((await t.call('POST', `/api/messages/threads/${threadId}/leave`, { token: tokens.dealer2 })).status).toBe(200);
    expect((await t.call('GET', `/api/messages/threads/${threadId}/messages`, { token: tokens.dealer2 })).status).toBe(404);
    const muted = await t.call('PUT', '/api/messages/threads', { token: tokens.dealer, payload: { threadId, muted: true, name: 'Port engine' } });
    expect(muted.body.data).toMatchObject({ muted: true, name: 'Port engine' });
    expect((await t.call('DELETE', `/api/messages/${messageId}`, { token: tokens.dealer })).status).toBe(403);
    expect((await t.call('DELETE', `/api/messages/${messageId}`, { token: tokens.owner })).status).toBe(200);
    expect((await t.server.inject(await t.link(tokens.owner, attachmentUrl))).statusCode).toBe(404);
  });
});

describe('attachments', () => {
  let threadId: number;
  beforeAll(async () => {
    threadId = (await t.call('POST', '/api/messages/threads', { token: tokens.owner, payload: { userIds: [ids.crew] } })).body.data.id;
  });

  it('refuses content that is not an image, a PDF or text, naming the rule', async () => {
    const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(100, 0)]);
    const res = await post('owner', threadId, 'see attached', [{ filename: 'tool.exe', type: 'image/png', data: exe }]);
    expect(res.status).toBe(415);
    expect(res.body.message).toMatch(/PDF, an image or plain text/);
  });

  it('refuses a file over the size limit and more files than allowed', async () => {
    const big = Buffer.alloc(ATTACHMENT_MAX_BYTES + 1, 0x61);
    expect((await post('owner', threadId, 'big', [{ filename: 'big.txt', type: 'text/plain', data: big }])).status).toBe(413);
    const many = Array.from({ length: ATTACHMENT_MAX_FILES + 1 }, (_, i) => ({ filename: `n${i}.txt`, type: 'text/plain', data: Buffer.from(`note ${i}`) }));
    const res = await post('owner', threadId, 'many', many);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/attachments/);
  });

  it('takes several files in one message, and refuses an empty message', async () => {
    const res = await post('owner', threadId, '', [
      { filename: 'a.png', type: 'image/png', data: png },
      { filename: 'notes.txt', type: 'text/plain', data: Buffer.from('Fuel: 80%') },
    ]);
    expect(res.status).toBe(200);
    expect(res.body.data.attachments.map((a: { mime: string }) => a.mime)).toEqual(['image/png', 'text/plain']);
    expect((await post('owner', threadId, '   ')).status).toBe(400);
  });
});

describe('live stream and digest', () => {
  it('delivers a new message and the unread count on the recipient’s stream', async () => {
    const threadId = (await t.call('POST', '/api/messages/threads', { token: tokens.crew, payload: { userIds: [ids.owner] } })).body.data.id;
    const live = t.server.plugins.messaging.live;
    const events: string[] = [];
    const stream = live.open({ raw: { res: { once: () => undefined } } } as never, ids.owner, { unreadCount: 0 });
    stream.on('data', (chunk: Buffer) => events.push(chunk.toString()));
    await post('crew', threadId, 'Fenders are out');
    // The unread count is counted after the message is stored: it follows on the stream.
    await expect.poll(() => events.join('')).toMatch(/event: unread\ndata: \{"unreadCount":\d+\}/);
    stream.destroy();
    const text = events.join('');
    expect(text).toContain('event: message');
    expect(text).toContain('Fenders are out');
  });

  it('mails one digest for unread messages of unmuted threads, never for a muted one', async () => {
    const clock = t.server.app.ctx.clock;
    const start = Date.now();
    const muted = (await t.call('POST', '/api/messages/threads', { token: tokens.dealer, payload: { userIds: [ids.crew], name: 'Muted' } })).body.data.id;
    await t.call('PUT', '/api/messages/threads', { token: tokens.crew, payload: { threadId: muted, muted: true } });
    await post('dealer', muted, 'quiet please');
    const digest = t.server.plugins.messaging.digest;
    for (const who of ['crew', 'owner']) {
      const threads = (await t.call('GET', '/api/messages/threads', { token: tokens[who] })).body.data as Array<{ id: number; muted: boolean }>;
      for (const th of threads.filter((x) => !x.muted)) await t.call('POST', '/api/messages/ping', { token: tokens[who], payload: { threadId: th.id } });
    }
    clock.set(start + DIGEST_DELAY_MS + 1000);
    expect(await digest.sweep()).toBe(0);

    const open = (await t.call('POST', '/api/messages/threads', { token: tokens.dealer, payload: { userIds: [ids.owner] } })).body.data.id;
    clock.set(start);
    await post('dealer', open, 'one');
    await post('dealer', open, 'two');
    clock.set(start + DIGEST_DELAY_MS / 2);
    expect(await digest.sweep()).toBe(0);
    clock.set(start + DIGEST_DELAY_MS + 1000);
    expect(await digest.sweep()).toBe(1);
    expect(await digest.sweep()).toBe(0);
    const mails = await t.database.db('mail_outbox').where({ to_address: 'owner@demo.test' }).orderBy('id', 'desc');
    expect(mails[0].subject).toBe('Vessel Link: 2 unread messages');
  });
});

describe('a thread with someone invited who has not accepted', () => {
  const inviteeId = async (email: string) => Number((await t.database.db('users').where({ email }).first('id')).id);

  it('offers the invitee to the owner by the inviter’s name, and starts a thread about the vessel', async () => {
    const clock = t.server.app.ctx.clock;
    const start = Date.now();
    clock.set(start);
    await t.call('POST', `/api/vessel/${seaBreeze}/addUser?email=owner2@demo.test&name=${encodeURIComponent('Ann (skipper)')}`, { token: tokens.owner });
    await t.call('POST', `/api/vessel/${seaBreeze}/addUser?email=newcrew@example.com&name=Marco`, { token: tokens.owner });
    const newcrew = await inviteeId('newcrew@example.com');

    const contacts = (await t.call('GET', '/api/messages/contacts', { token: tokens.owner })).body.data as Array<Record<string, unknown>>;
    expect(contacts.find((c) => c.userId === ids.owner2)).toMatchObject({
      firstName: 'Ann (skipper)',
      lastName: '',
      pending: true,
      invitedTo: [{ vesselId: seaBreeze, vesselName: 'Sea Breeze' }],
    });
    expect(contacts.find((c) => c.userId === newcrew)).toMatchObject({ firstName: 'Marco', email: 'newcrew@example.com', pending: true });
    // Not a contact of the invitee before they accept, nor of a stranger.
    const theirs = (await t.call('GET', '/api/messages/contacts', { token: tokens.owner2 })).body.data as Array<{ userId: number }>;
    expect(theirs.map((c) => c.userId)).not.toContain(ids.owner);
    expect((await t.call('GET', '/api/messages/contacts', { token: tokens.dealer2 })).body.data.map((c: { userId: number }) => c.userId)).not.toContain(
      newcrew,
    );

    // No vessel chosen: the thread is about the one they are invited to; another vessel is refused, naming the rule.
    const created = await t.call('POST', '/api/messages/threads', { token: tokens.owner, payload: { userIds: [ids.owner2, newcrew], name: 'Welcome aboard' } });
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({ vesselId: seaBreeze, vesselName: 'Sea Breeze' });
    expect(created.body.data.users).toContainEqual(expect.objectContaining({ userId: ids.owner2, firstName: 'Ann (skipper)', lastName: '', invited: true }));
    expect(created.body.data.users).toContainEqual(expect.objectContaining({ userId: ids.owner, invited: false }));
    const other = (await t.call('GET', '/api/vessel/basic', { token: tokens.owner })).body.data.find((v: { id: number }) => v.id !== seaBreeze).id;
    const refused = await t.call('POST', '/api/messages/threads', { token: tokens.owner, payload: { userIds: [ids.owner2], vesselId: other } });
    expect(refused.status).toBe(418);
    expect(refused.body.message).toBe('Ann (skipper) has not accepted the invitation to Sea Breeze yet: a thread with them must be about Sea Breeze');
    // Nor may they join a thread about nothing.
    const plain = (await t.call('POST', '/api/messages/threads', { token: tokens.owner, payload: { userIds: [ids.crew] } })).body.data.id;
    expect((await t.call('PUT', '/api/messages/threads', { token: tokens.owner, payload: { threadId: plain, userIds: [ids.crew, ids.owner2] } })).status).toBe(
      418,
    );

    const threadId = created.body.data.id;
    expect((await post('owner', threadId, 'Welcome! We sail on Saturday.')).status).toBe(200);

    // Kept, not shown: the invitee has no such thread until they accept.
    expect((await t.call('GET', '/api/messages/threads', { token: tokens.owner2 })).body.data.map((x: { id: number }) => x.id)).not.toContain(threadId);
    expect((await t.call('GET', `/api/messages/threads/${threadId}/messages`, { token: tokens.owner2 })).status).toBe(404);

    // Delivered by the digest: the mail says it waits for them to accept (a new account: choose a password first).
    clock.set(start + DIGEST_DELAY_MS + 1000);
    await t.server.plugins.messaging.digest.sweep();
    const mailTo = async (to: string) =>
      (await t.database.db('mail_outbox').where({ to_address: to }).orderBy('id', 'desc').first()) as { subject: string; body: string };
    const annMail = await mailTo('owner2@demo.test');
    expect(annMail.subject).toBe('Vessel Link: 1 unread message');
    const newMail = await mailTo('newcrew@example.com');
    expect(newMail.subject).toBe('Vessel Link: 1 unread message');
    expect(newMail.body).toContain('- Welcome aboard (about Sea Breeze): 1 new message, waiting for you to accept the invitation');
    expect(newMail.body).toContain('First choose your password');
    expect(annMail.body).toContain('accept the invitation at');
    expect(annMail.body).not.toContain('First choose your password');

    // Accepted: the thread and its message are theirs, and everyone sees their own name.
    expect((await t.call('POST', `/api/vessel/${seaBreeze}/acceptInvite`, { token: tokens.owner2 })).status).toBe(200);
    const list = (await t.call('GET', '/api/messages/threads', { token: tokens.owner2 })).body.data as Array<{
      id: number;
      unreadCount: number;
      users: unknown[];
    }>;
    expect(list.find((x) => x.id === threadId)).toMatchObject({ unreadCount: 1 });
    const messages = (await t.call('GET', `/api/messages/threads/${threadId}/messages`, { token: tokens.owner2 })).body.data.content;
    expect(messages.map((m: { text: string }) => m.text)).toEqual(['Welcome! We sail on Saturday.']);
    const seen = (await t.call('GET', '/api/messages/threads', { token: tokens.owner })).body.data.find((x: { id: number }) => x.id === threadId);
    expect(seen.users.find((u: { userId: number }) => u.userId === ids.owner2)).toMatchObject({ invited: false, firstName: 'Oscar', lastName: 'Owner' });
    clock.reset();
  });
});
