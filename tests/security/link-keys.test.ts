/**
 * Links that cannot send a header (docs/decisions.md, "Link keys", issue 40): they carry a link
 * key for their one path, never the session key. Every route that takes link keys refuses a
 * session key in its query; a link key opens its own object only, as its session's user, until it
 * expires (on the server's clock) or its session ends; a stream it opened outlives the key but
 * not the session. Keys are issued only for routes that take them, to callers who could follow
 * the link, and at most LINK_KEY_LIMIT a minute per session.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LINK_KEY_LIMIT, LINK_KEY_TTL_SECONDS } from '../../src/modules/auth/link-keys.js';
import { openEventStream } from '../devices/live-stream.js';
import { createTestServer, type TestServer } from '../helpers/server.js';
import { OWN_VESSEL, FOREIGN_VESSEL, signInEveryRole, type RoleAccess, type RoleName } from './roles.js';
import { apiRoutes, declaredAudience, probe, routeKey } from './routes.js';

/** The routes that take link keys: a new one is a decision, made here as well. */
const LINK_ROUTES = [
  'GET /api/files/{fileId}',
  'GET /api/messages/attachments/{attachmentId}',
  'GET /api/messages/live',
  'GET /api/vessel/{id}/cameras/{cameraId}/snapshot',
  'GET /api/vessel/{id}/cameras/{cameraId}/stream',
  'GET /api/vessel/{id}/documents/{documentId}/file',
  'GET /api/vessel/{id}/export',
  'GET /api/vessel/{id}/image',
  'GET /api/vessel/{id}/live',
  'GET /api/vessel/{id}/locationHistory.gpx',
  'GET /api/vessel/{id}/properties/{propertyId}/history.csv',
];
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 3)]);

let t: TestServer;
let roles: Record<RoleName, RoleAccess>;
let owner: string;
let camera: Server;
let cameras: [number, number];
let documents: [string, string];
let files: [string, string];

const boundary = 'linkkeysboundary';
const multipart = (fields: Record<string, string>, file: { name: string; type: string; data: Buffer }) => ({
  headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  payload: Buffer.concat([
    ...Object.entries(fields).map(([k, v]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`),
    file.data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]),
});

const mint = (token: string | null, path: string) => t.call('POST', '/api/auth/linkKeys', { ...(token ? { token } : {}), payload: { path } });
const follow = (url: string) => t.server.inject({ url });
/** The request's answer as the envelope of a refusal: its status and message. */
const refusal = (res: { statusCode: number; payload: string }) => {
  const body = JSON.parse(res.payload) as { ok: boolean; status: number; message: string };
  expect(body.ok).toBe(false);
  expect(body.status).toBe(res.statusCode);
  return { status: res.statusCode, message: body.message };
};

beforeAll(async () => {
  camera = createServer((_req, res) => res.writeHead(200, { 'content-type': 'image/png' }).end(PNG));
  await new Promise<void>((resolve) => camera.listen(0, '127.0.0.1', resolve));
  const cameraUrl = `http://127.0.0.1:${(camera.address() as AddressInfo).port}`;
  t = await createTestServer({ demo: true, listen: true, env: { CAMERA_ALLOW_PRIVATE: 'on' } });
  roles = await signInEveryRole(t);
  owner = roles.owner.token!;
  const addCamera = async (name: string) => {
    const res = await t.call('POST', `/api/vessel/${OWN_VESSEL}/cameras`, { token: owner, payload: { name, streamUrl: `${cameraUrl}/${name}` } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data.id as number;
  };
  cameras = [await addCamera('bow'), await addCamera('stern')];
  const upload = async (name: string) => {
    const res = await t.call('POST', `/api/vessel/${OWN_VESSEL}/documents`, {
      token: owner,
      ...multipart({ name }, { name: `${name}.txt`, type: 'text/plain', data: Buffer.from(`${name}\n`) }),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data.url as string;
  };
  documents = [await upload('insurance'), await upload('registration')];
  const profileImage = async (token: string) => {
    const res = await t.call('POST', '/api/profile/profileImage', { token, ...multipart({}, { name: 'me.png', type: 'image/png', data: PNG }) });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data.imageUrl as string;
  };
  files = [await profileImage(owner), await profileImage(roles.otherOwner.token!)];
});

afterAll(async () => {
  await t?.close();
  camera?.closeAllConnections();
  await new Promise((resolve) => camera?.close(resolve));
});

describe('routes that take link keys', () => {
  it('are exactly those decided', () => {
    const declared = apiRoutes(t.server)
      .filter((route) => route.settings.plugins?.linkKey)
      .map(routeKey)
      .sort();
    expect(declared).toEqual(LINK_ROUTES);
  });

  it('refuse the session key in the query, on every one, with a 401 in the envelope', async () => {
    for (const route of apiRoutes(t.server).filter((r) => r.settings.plugins?.linkKey)) {
      const { url } = probe(route, declaredAudience(route), OWN_VESSEL);
      const res = await follow(`${url}?sessionKey=${owner}`);
      expect(refusal(res), url).toEqual({ status: 401, message: 'A link carries a link key (POST /api/auth/linkKeys), never the session key.' });
      // Nor does it pass for a link key.
      expect((await follow(`${url}?linkKey=${owner}`)).statusCode, url).toBe(401);
    }
  });

  it('let a link key through on each, to the route’s own answer', async () => {
    for (const route of apiRoutes(t.server).filter((r) => r.settings.plugins?.linkKey && !r.path.endsWith('/live'))) {
      const { url } = probe(route, declaredAudience(route), OWN_VESSEL);
      const minted = await mint(owner, url);
      expect(minted.status, JSON.stringify(minted.body)).toBe(200);
      // The placeholder ids name nothing: past the strategy, the route answers for itself (404, 400 for a file id that is no GUID).
      const res = await follow(`${url}?linkKey=${minted.body.data.linkKey}`);
      expect(res.statusCode, `${url}: ${res.payload.slice(0, 200)}`).not.toBe(401);
      expect(res.statusCode, `${url}: ${res.payload.slice(0, 200)}`).toBeLessThan(500);
    }
  });

  it('take a link key nowhere else, nor as a session key', async () => {
    const { linkKey } = (await mint(owner, `/api/vessel/${OWN_VESSEL}/image`)).body.data;
    expect((await follow(`/api/vessel/${OWN_VESSEL}/devices?linkKey=${linkKey}`)).statusCode).toBe(401);
    expect((await t.call('GET', '/api/profile/details', { token: linkKey })).status).toBe(401);
    expect((await t.call('GET', `/api/vessel/${OWN_VESSEL}/image`, { token: linkKey })).status).toBe(401);
  });
});

describe('a link key', () => {
  it('opens its own object only: another camera, document or file, or another route of the same camera, is refused', async () => {
    const snapshot = (id: number) => `/api/vessel/${OWN_VESSEL}/cameras/${id}/snapshot`;
    const pairs: Array<[string, string]> = [
      [snapshot(cameras[0]), snapshot(cameras[1])],
      [snapshot(cameras[0]), `/api/vessel/${OWN_VESSEL}/cameras/${cameras[0]}/stream`],
      [documents[0], documents[1]],
      [files[0], files[1]],
      [`/api/vessel/${OWN_VESSEL}/image`, `/api/vessel/${FOREIGN_VESSEL}/image`],
    ];
    for (const [own, other] of pairs) {
      const { linkKey } = (await mint(owner, own)).body.data;
      // Sea Breeze has no picture: its route answers 404 past the strategy.
      expect((await follow(`${own}?linkKey=${linkKey}`)).statusCode, own).toBe(own.endsWith('/image') ? 404 : 200);
      expect(refusal(await follow(`${other}?linkKey=${linkKey}`)), other).toEqual({ status: 401, message: 'This link is for another address.' });
    }
  });

  it('expires on the server’s clock, and a later one works again', async () => {
    const path = `/api/vessel/${OWN_VESSEL}/cameras/${cameras[0]}/snapshot`;
    const ctx = t.server.app.ctx;
    const start = Date.now();
    ctx.clock.set(start);
    try {
      const minted = (await mint(owner, path)).body.data;
      expect(Date.parse(minted.expiresAt)).toBe((Math.floor(start / 1000) + LINK_KEY_TTL_SECONDS) * 1000);
      ctx.clock.set(start + (LINK_KEY_TTL_SECONDS - 1) * 1000);
      expect((await follow(`${path}?linkKey=${minted.linkKey}`)).statusCode).toBe(200);
      ctx.clock.set(start + (LINK_KEY_TTL_SECONDS + 1) * 1000);
      expect(refusal(await follow(`${path}?linkKey=${minted.linkKey}`))).toEqual({ status: 401, message: 'This link has expired. Please reload the page.' });
      const fresh = (await mint(owner, path)).body.data.linkKey;
      expect((await follow(`${path}?linkKey=${fresh}`)).statusCode).toBe(200);
    } finally {
      ctx.clock.reset();
    }
  });

  it('ends with its session', async () => {
    const session = await t.login('owner@demo.test');
    const { linkKey } = (await mint(session, documents[0])).body.data;
    expect((await follow(`${documents[0]}?linkKey=${linkKey}`)).statusCode).toBe(200);
    expect((await t.call('POST', '/api/auth/logout', { token: session })).status).toBe(200);
    expect(refusal(await follow(`${documents[0]}?linkKey=${linkKey}`))).toEqual({ status: 401, message: 'Your session has ended. Please sign in again.' });
  });

  it('is refused when altered', async () => {
    const { linkKey } = (await mint(owner, documents[0])).body.data as { linkKey: string };
    const [header, payload, signature] = linkKey.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const moved = Buffer.from(JSON.stringify({ ...claims, path: documents[1] })).toString('base64url');
    expect(refusal(await follow(`${documents[1]}?linkKey=${header}.${moved}.${signature}`))).toEqual({ status: 401, message: 'This link is not valid.' });
  });

  it('leaves the route’s own authorization to run, as its user, when the link is followed', async () => {
    const viewer = roles.viewer.token!;
    const link = await t.link(viewer, documents[0]);
    expect((await follow(link)).statusCode).toBe(200);
    const user = await t.database.db('users').where({ email: 'viewer@attack.test' }).first();
    const member = t.database.db('vessel_members').where({ vessel_id: OWN_VESSEL, user_id: user.id });
    const permissions = (await member.clone().first()).permissions as string;
    await member.clone().update({ paused: true });
    t.changedBehindTheServersBack();
    try {
      expect(refusal(await follow(link))).toEqual({ status: 403, message: 'Your access to this vessel is paused' });
    } finally {
      await member.clone().update({ paused: false, permissions });
      t.changedBehindTheServersBack();
    }
  });
});

describe('a stream opened with a link key', () => {
  it.each([
    ['the message stream', 'messaging', '/api/messages/live'],
    ['the vessel stream', 'devices', `/api/vessel/${OWN_VESSEL}/live`],
  ] as const)('%s outlives the key, not the session', async (_name, module, path) => {
    const streams = t.server.plugins[module].live;
    const ctx = t.server.app.ctx;
    const session = await t.login('owner@demo.test');
    const link = await t.link(session, path);
    streams.keepaliveMs = 50;
    const live = await openEventStream(`http://127.0.0.1:${t.server.info.port}${link}`);
    try {
      await live.next('hello');
      const start = Date.now();
      ctx.clock.set(start + (LINK_KEY_TTL_SECONDS + 60) * 1000);
      expect((await fetch(`http://127.0.0.1:${t.server.info.port}${link}`)).status).toBe(401);
      // Keepalives go on past the key's end: each one checked the session, not the key.
      const seen = live.comments.length;
      await expect.poll(() => live.comments.length).toBeGreaterThan(seen + 2);
      await t.call('POST', '/api/auth/logout', { token: session });
      await live.ended;
    } finally {
      ctx.clock.reset();
      streams.keepaliveMs = 15_000;
      live.close();
    }
  });
});

describe('issuing a link key', () => {
  it('answers only for GET routes that take link keys', async () => {
    for (const path of ['/api/profile/details', `/api/vessel/${OWN_VESSEL}/devices`, '/api/auth/logout', '/api/nothing/here']) {
      const res = await mint(owner, path);
      expect([res.status, res.body.message], path).toEqual([400, '"path" is not an address that takes a link key']);
    }
    for (const path of [
      '/etc/passwd',
      `/api/vessel/${OWN_VESSEL}/image?linkKey=x`,
      'https://elsewhere.example/api/files/1',
      `/api/vessel/${'9'.repeat(400)}/image`,
    ])
      expect((await mint(owner, path)).status, path).toBe(400);
  });

  it('answers only to callers who could follow the link, as the vessel would answer them', async () => {
    const snapshot = `/api/vessel/${OWN_VESSEL}/cameras/${cameras[0]}/snapshot`;
    expect((await mint(null, snapshot)).status).toBe(401);
    expect((await mint(roles.otherOwner.token, snapshot)).status).toBe(404);
    expect((await mint(roles.staffWithoutAccess.token, snapshot)).status).toBe(404);
    expect((await mint(roles.paused.token, snapshot)).status).toBe(403);
    expect((await mint(roles.denied.token, snapshot)).status).toBe(403);
    expect((await mint(roles.denied.token, documents[0])).status).toBe(403);
    expect((await mint(roles.denied.token, `/api/vessel/${OWN_VESSEL}/image`)).status).toBe(200);
    expect((await mint(roles.viewer.token, snapshot)).status).toBe(200);
  });

  it(`is limited to ${LINK_KEY_LIMIT.points} a minute per session`, async () => {
    const session = await t.login('owner@demo.test');
    const path = `/api/vessel/${OWN_VESSEL}/image`;
    for (let i = 0; i < LINK_KEY_LIMIT.points; i++) expect((await mint(session, path)).status).toBe(200);
    const refused = await mint(session, path);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another session of the same user is counted on its own.
    expect((await mint(owner, path)).status).toBe(200);
  });
});
