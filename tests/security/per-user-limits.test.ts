/**
 * What one person may do at once (docs/security.md, "Rate limits"): post messages (a flood would
 * fill every member's inbox and e-mail digest) and hold camera streams open (each holds a
 * connection to the camera and one to the browser). The limits hold under parallel requests.
 */
import { createServer, get, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGE_LIMIT } from '../../src/modules/messaging/routes/messages/post.js';
import { MAX_STREAMS_PER_USER } from '../../src/modules/cameras/service.js';
import { createTestServer, type TestServer } from '../helpers/server.js';

let t: TestServer;
let camera: Server;
const tokens: Record<string, string> = {};
let seaBreeze: number;
let cameraId: number;

beforeAll(async () => {
  // A camera that streams MJPEG for as long as anyone watches.
  camera = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'multipart/x-mixed-replace; boundary=frame' });
    const frame = () => res.write('--frame\r\nContent-Type: image/jpeg\r\n\r\n\xff\xd8\xff\xd9\r\n');
    frame();
    const timer = setInterval(frame, 200);
    res.on('close', () => clearInterval(timer));
  });
  await new Promise<void>((resolve) => camera.listen(0, '127.0.0.1', resolve));
  t = await createTestServer({ demo: true, listen: true, env: { CAMERA_ALLOW_PRIVATE: 'on' } });
  for (const who of ['owner', 'crew']) tokens[who] = await t.login(`${who}@demo.test`);
  seaBreeze = (await t.call('GET', '/api/vessel/basic', { token: tokens.owner })).body.data.find((v: { name: string }) => v.name === 'Sea Breeze').id;
  const url = `http://127.0.0.1:${(camera.address() as AddressInfo).port}/stream`;
  const added = await t.call('POST', `/api/vessel/${seaBreeze}/cameras`, {
    token: tokens.owner,
    payload: { name: 'Cockpit', streamUrl: url, snapshotUrl: url },
  });
  expect(added.status, JSON.stringify(added.body)).toBe(200);
  cameraId = added.body.data.id;
});
afterAll(async () => {
  await t?.close();
  camera?.closeAllConnections();
  await new Promise((resolve) => camera?.close(resolve));
});

describe('messages', () => {
  it(`accepts ${MESSAGE_LIMIT.points} of 60 parallel posts from one person in a minute and stores only those`, async () => {
    const crewId = (await t.call('GET', '/api/profile/details', { token: tokens.crew })).body.data.id;
    const thread = (await t.call('POST', '/api/messages/threads', { token: tokens.owner, payload: { userIds: [crewId], name: 'Flood' } })).body.data.id;
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, n) => t.call('POST', '/api/messages', { token: tokens.owner, payload: { threadId: thread, text: `message ${n}` } })),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(MESSAGE_LIMIT.points);
    const refused = answers.filter((a) => a.status === 429);
    expect(refused).toHaveLength(60 - MESSAGE_LIMIT.points);
    expect(refused[0].body).toMatchObject({ ok: false, status: 429, message: 'You are sending messages too fast. Please wait a minute.' });
    const stored = await t.database.db('messages').where({ thread_id: thread }).count({ n: '*' });
    expect(Number(stored[0].n)).toBe(MESSAGE_LIMIT.points);
    // The other member is not limited by the first one's flood.
    expect((await t.call('POST', '/api/messages', { token: tokens.crew, payload: { threadId: thread, text: 'stop it' } })).status).toBe(200);
  });
});

describe('camera streams', () => {
  const open = (token: string) =>
    new Promise<IncomingMessage>((resolve, reject) =>
      get(
        `http://127.0.0.1:${t.server.info.port}/api/vessel/${seaBreeze}/cameras/${cameraId}/stream`,
        { headers: { authorization: `Bearer ${token}` } },
        resolve,
      ).on('error', reject),
    );
  const responses: IncomingMessage[] = [];
  afterAll(() => responses.forEach((r) => r.destroy()));

  it(`holds ${MAX_STREAMS_PER_USER} of 12 parallel streams open for one person and refuses the rest with 429`, async () => {
    responses.push(...(await Promise.all(Array.from({ length: 12 }, () => open(tokens.owner)))));
    const streaming = responses.filter((r) => r.statusCode === 200);
    expect(streaming).toHaveLength(MAX_STREAMS_PER_USER);
    const refused = responses.filter((r) => r.statusCode === 429);
    expect(refused).toHaveLength(12 - MAX_STREAMS_PER_USER);
    expect(refused[0].headers['retry-after']).toBeDefined();
  });

  it('opens a new stream once one is closed, and never counts one person against another', async () => {
    expect((await open(tokens.crew)).statusCode).toBe(403);
    responses.find((r) => r.statusCode === 200)!.destroy();
    await expect
      .poll(async () => {
        const next = await open(tokens.owner);
        responses.push(next);
        return next.statusCode;
      })
      .toBe(200);
  });
});
