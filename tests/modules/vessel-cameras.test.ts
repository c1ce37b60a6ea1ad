/**
 * Cameras: snapshots and MJPEG streams fetched by the server from a camera (here an HTTP server in
 * the test), with the session key in the link; permissions, other tenants, and the refusal of
 * internal addresses when CAMERA_ALLOW_PRIVATE is off.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAMERA_LIMITS, isInternalAddress, openCamera } from '../../src/modules/cameras/fetch.js';
import { createTestServer, type TestServer } from '../helpers/server.js';

// The smallest byte runs a JPEG decoder recognises as start and end of an image.
const frame = (n: number) => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from(`frame ${n}`), Buffer.from([0xff, 0xd9])]);

let t: TestServer;
let camera: Server;
let cameraUrl: string;
let owner: string;
let vesselId: number;

beforeAll(async () => {
  camera = createServer((req, res) => {
    if (req.url === '/snapshot.jpg') return res.writeHead(200, { 'content-type': 'image/jpeg' }).end(frame(0));
    if (req.url === '/video.mjpg') {
      res.writeHead(200, { 'content-type': 'multipart/x-mixed-replace; boundary=frame' });
      let n = 1;
      const send = () => res.write(Buffer.concat([Buffer.from(`--frame\r\nContent-Type: image/jpeg\r\n\r\n`), frame(n++), Buffer.from('\r\n')]));
      send();
      const timer = setInterval(send, 50);
      res.on('close', () => clearInterval(timer));
      return;
    }
    if (req.url === '/huge.jpg') return res.writeHead(200, { 'content-type': 'image/jpeg' }).end(Buffer.alloc(CAMERA_LIMITS.maxSnapshotBytes + 1024));
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => camera.listen(0, '127.0.0.1', resolve));
  cameraUrl = `http://127.0.0.1:${(camera.address() as AddressInfo).port}`;
  t = await createTestServer({ demo: true, env: { CAMERA_ALLOW_PRIVATE: 'on' } });
  owner = await t.login('owner@demo.test');
  vesselId = (await t.database.db('vessels').where({ name: 'Sea Breeze' }).first('id')).id;
});
afterAll(async () => {
  await t.close();
  camera.closeAllConnections();
  await new Promise((resolve) => camera.close(resolve));
});

const add = async (fields: Record<string, unknown>) => {
  const res = await t.call('POST', `/api/vessel/${vesselId}/cameras`, { token: owner, payload: fields });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { id: number };
};

describe('cameras', () => {
  it('serves a snapshot through the server, with a link key in the link', async () => {
    const cam = await add({ name: 'Cockpit', streamUrl: `${cameraUrl}/video.mjpg`, snapshotUrl: `${cameraUrl}/snapshot.jpg` });
    const res = await t.server.inject({ url: await t.link(owner, `/api/vessel/${vesselId}/cameras/${cam.id}/snapshot`) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.rawPayload).toEqual(frame(0));
  });

  it('takes the first frame of the stream when there is no snapshot address', async () => {
    const cam = await add({ name: 'Engine room', streamUrl: `${cameraUrl}/video.mjpg` });
    const res = await t.server.inject({ url: `/api/vessel/${vesselId}/cameras/${cam.id}/snapshot`, headers: { authorization: `Bearer ${owner}` } });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload).toEqual(frame(1));
  });

  it('relays the MJPEG stream', async () => {
    const cam = await add({ name: 'Bow', streamUrl: `${cameraUrl}/video.mjpg` });
    await t.server.start();
    const controller = new AbortController();
    const res = await fetch(`http://127.0.0.1:${t.server.info.port}${await t.link(owner, `/api/vessel/${vesselId}/cameras/${cam.id}/stream`)}`, {
      signal: controller.signal,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('multipart/x-mixed-replace; boundary=frame');
    const reader = res.body!.getReader();
    let text = '';
    while (!text.includes('frame 2')) text += Buffer.from((await reader.read()).value!).toString('latin1');
    expect(text).toContain('--frame');
    controller.abort();
  });

  it('lists cameras, their addresses only for those who may change them', async () => {
    const listed = (await t.call('GET', `/api/vessel/${vesselId}/cameras`, { token: owner })).body.data;
    expect(listed.map((c: { name: string }) => c.name)).toEqual(['Bow', 'Cockpit', 'Engine room']);
    expect(listed[1].snapshotUrl).toBe(`${cameraUrl}/snapshot.jpg`);
    const cam = listed[0];
    const renamed = await t.call('PUT', `/api/vessel/${vesselId}/cameras/${cam.id}`, {
      token: owner,
      payload: { name: 'Bow camera', streamUrl: cam.streamUrl },
    });
    expect(renamed.body.data.name).toBe('Bow camera');
  });

  it('refuses bad addresses in the envelope, and cameras that fail or send too much', async () => {
    const bad = await t.call('POST', `/api/vessel/${vesselId}/cameras`, { token: owner, payload: { name: 'Bad', streamUrl: 'file:///etc/passwd' } });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ ok: false, status: 400, message: expect.stringContaining('streamUrl') });
    const huge = await add({ name: 'Huge', streamUrl: `${cameraUrl}/video.mjpg`, snapshotUrl: `${cameraUrl}/huge.jpg` });
    expect((await t.call('GET', `/api/vessel/${vesselId}/cameras/${huge.id}/snapshot`, { token: owner })).status).toBe(502);
    const missing = await add({ name: 'Missing', streamUrl: `${cameraUrl}/nothing` });
    expect((await t.call('GET', `/api/vessel/${vesselId}/cameras/${missing.id}/snapshot`, { token: owner })).status).toBe(502);
    expect((await t.call('DELETE', `/api/vessel/${vesselId}/cameras/${missing.id}`, { token: owner })).status).toBe(200);
    expect((await t.call('GET', `/api/vessel/${vesselId}/cameras/${missing.id}/snapshot`, { token: owner })).status).toBe(404);
  });

  it('keeps cameras to those with securityManager on the vessel', async () => {
    const [cam] = (await t.call('GET', `/api/vessel/${vesselId}/cameras`, { token: owner })).body.data;
    const stranger = await t.login('owner2@demo.test');
    expect((await t.call('GET', `/api/vessel/${vesselId}/cameras/${cam.id}/snapshot`, { token: stranger })).status).toBe(404);
    expect((await t.call('GET', `/api/vessel/${vesselId}/cameras`, { token: stranger })).status).toBe(404);
    const northernStar = (await t.call('GET', '/api/vessel/basic', { token: stranger })).body.data[0].id;
    expect((await t.call('GET', `/api/vessel/${northernStar}/cameras/${cam.id}/snapshot`, { token: stranger })).status).toBe(404);
    const crew = await t.login('crew@demo.test');
    expect((await t.call('GET', `/api/vessel/${vesselId}/cameras`, { token: crew })).status).toBe(403);
    expect((await t.call('GET', `/api/vessel/${vesselId}/cameras/${cam.id}/snapshot`)).status).toBe(401);
  });
});

describe('internal addresses', () => {
  it('knows loopback, private, link-local and mapped addresses from public ones', () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.20.0.1',
      '192.168.1.10',
      '169.254.169.254',
      '::1',
      'fd00::1',
      'fe80::1',
      '::ffff:127.0.0.1',
      '0.0.0.0',
    ])
      expect(isInternalAddress(address), address).toBe(true);
    for (const address of ['93.184.216.34', '2606:4700::1111', '8.8.8.8']) expect(isInternalAddress(address), address).toBe(false);
  });

  it('refuses them unless allowed, by literal address and by name', async () => {
    const limits = { ...CAMERA_LIMITS, allowPrivate: false };
    await expect(openCamera(`${cameraUrl}/snapshot.jpg`, limits)).rejects.toMatchObject({ output: { statusCode: 418 } });
    const port = (camera.address() as AddressInfo).port;
    await expect(openCamera(`http://localhost:${port}/snapshot.jpg`, limits)).rejects.toMatchObject({ output: { statusCode: 418 } });
    await expect(openCamera(`http://[::1]:${port}/snapshot.jpg`, limits)).rejects.toMatchObject({ output: { statusCode: 418 } });
    const allowed = await openCamera(`${cameraUrl}/snapshot.jpg`, { ...limits, allowPrivate: true });
    expect(allowed.statusCode).toBe(200);
    allowed.destroy();
  });
});
