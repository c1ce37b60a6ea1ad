/**
 * File links stop working when the access that produced them is revoked: the vessel picture and
 * document downloads check access on every call, and another tenant's file looks missing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../helpers/server.js';

let t: TestServer;
const tokens: Record<string, string> = {};
let seaBreeze: number;
let crewId: number;

beforeAll(async () => {
  t = await createTestServer({ demo: true });
  for (const who of ['owner', 'owner2', 'crew']) tokens[who] = await t.login(`${who}@demo.test`);
  seaBreeze = (await t.call('GET', '/api/vessel/basic', { token: tokens.owner })).body.data.find((v: { name: string }) => v.name === 'Sea Breeze').id;
  crewId = (await t.call('GET', '/api/profile/details', { token: tokens.crew })).body.data.id;
});
afterAll(() => t.close());

const boundary = 'filesboundary';
const multipart = (fields: Record<string, string>, file: { name: string; type: string; data: Buffer }) => ({
  headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  payload: Buffer.concat([
    ...Object.entries(fields).map(([k, v]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`),
    file.data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]),
});
/** Follows a link as a browser does: with a link key of `who`'s session. */
const follow = async (url: string, who: string) => t.server.inject(await t.link(tokens[who], url));
const get = (url: string, who: string) => t.server.inject({ url, headers: { authorization: `Bearer ${tokens[who]}` } });

describe('vessel files', () => {
  const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 3)]);
  const text = Buffer.from('Engine hours: 1234\nNext service: 1500\n');
  let imageUrl: string;
  let documentUrl: string;

  it('uploads a picture and a document, and serves both with their content type to members', async () => {
    const image = await t.call('POST', `/api/vessel/${seaBreeze}/vesselImage`, {
      token: tokens.owner,
      ...multipart({}, { name: 'boat.png', type: 'image/png', data: png }),
    });
    expect(image.status).toBe(200);
    imageUrl = image.body.data.imageUrl;
    expect(imageUrl).toBe(`/api/vessel/${seaBreeze}/image`);
    expect((await t.call('GET', `/api/vessel/${seaBreeze}`, { token: tokens.crew })).body.data.imageUrl).toBe(imageUrl);

    const doc = await t.call('POST', `/api/vessel/${seaBreeze}/documents`, {
      token: tokens.owner,
      ...multipart({ name: 'Service log' }, { name: 'log.txt', type: 'text/plain', data: text }),
    });
    expect(doc.status).toBe(200);
    expect(doc.body.data).toMatchObject({ name: 'Service log', mime: 'text/plain', size: text.length });
    documentUrl = doc.body.data.url;

    const picture = await follow(imageUrl, 'crew');
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/png');
    expect(picture.rawPayload.equals(png)).toBe(true);
    const download = await follow(documentUrl, 'crew');
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toMatch(/^text\/plain/);
    expect(download.headers['content-disposition']).toBe('attachment; filename="Service_log.txt"');
    expect(download.rawPayload.equals(text)).toBe(true);
  });

  it('answers another tenant exactly as for a missing vessel', async () => {
    const theirs = await get(imageUrl, 'owner2');
    const missing = await get('/api/vessel/999999/image', 'owner2');
    expect(theirs.statusCode).toBe(404);
    expect(theirs.payload).toBe(missing.payload);
    const theirDocument = await get(documentUrl, 'owner2');
    expect(theirDocument.statusCode).toBe(404);
    expect(theirDocument.payload).toBe(missing.payload);
  });

  it('stops serving both to a member whose access is revoked, through links made before', async () => {
    const links = [await t.link(tokens.crew, imageUrl), await t.link(tokens.crew, documentUrl)];
    expect((await t.call('POST', `/api/vessel/${seaBreeze}/revoke`, { token: tokens.owner, payload: { userId: crewId } })).status).toBe(200);
    const [picture, download] = [await t.server.inject(links[0]), await t.server.inject(links[1])];
    expect(picture.statusCode).toBe(404);
    expect(download.statusCode).toBe(404);
    expect(JSON.parse(download.payload).message).toBe('Vessel not found');
  });
});
