import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { propertyIdOf, seaBreezeOnline, type SeaBreezeOnline } from '../helpers/sea-breeze.js';
import { eventually } from '../mqtt/helpers.js';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

/** A multipart body with a `file` and plain fields, as the web app sends it. */
function form(file: Buffer, fields: Record<string, string>) {
  const boundary = '----vessel-link-test';
  const parts = Object.entries(fields).map(([name, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  const payload = Buffer.concat([
    ...parts,
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="x.png"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

let online: SeaBreezeOnline;
let base: string;
let deviceId: number;
let voltageId: number;

beforeAll(async () => {
  online = await seaBreezeOnline('APPSET-1', { inventory: true });
  base = `/api/vessel/${online.bridge.vesselId}/appSettings`;
  voltageId = await propertyIdOf(online, 'electrical.batteries.house.voltage');
  deviceId = await eventually(async () => (await online.t.database.db('device_properties').where({ id: voltageId }).first())?.device_id as number | undefined);
});
afterAll(() => online.close());

describe('app settings', () => {
  it('starts from the empty template, and saves, changes and deletes a setting', async () => {
    const { t, owner } = online;
    expect((await t.call('GET', `${base}/empty`, { token: owner })).body.data).toEqual({
      name: '',
      deviceIds: [],
      gaugePropertyIds: [],
      startPage: 'overview',
      images: { lightPortrait: null, lightLandscape: null, darkPortrait: null, darkLandscape: null },
    });
    const created = await t.call('POST', base, {
      token: owner,
      payload: { name: 'Helm display', deviceIds: [deviceId], gaugePropertyIds: [voltageId], startPage: 'devices' },
    });
    expect(created.status).toBe(200);
    const setting = created.body.data;
    expect(setting).toMatchObject({ name: 'Helm display', deviceIds: [deviceId], gaugePropertyIds: [voltageId], startPage: 'devices' });

    const changed = await t.call('PUT', `${base}/${setting.id}`, { token: owner, payload: { name: 'Helm', startPage: 'alerts' } });
    expect(changed.body.data).toMatchObject({ name: 'Helm', deviceIds: [], startPage: 'alerts' });
    expect((await t.call('GET', base, { token: owner })).body.data).toEqual([changed.body.data]);

    expect((await t.call('DELETE', `${base}/${setting.id}`, { token: owner })).body.data).toEqual({ id: setting.id, deleted: true });
    expect((await t.call('GET', base, { token: owner })).body.data).toEqual([]);
    expect((await t.call('DELETE', `${base}/${setting.id}`, { token: owner })).status).toBe(404);
  });

  it('keeps an image per theme and orientation, and refuses what is not an image', async () => {
    const { t, owner } = online;
    const { id } = (await t.call('POST', base, { token: owner, payload: { name: 'Phone' } })).body.data;
    const set = await t.call('POST', `${base}/${id}/setImage`, { token: owner, ...form(PNG, { darkMode: 'true', portrait: 'false' }) });
    expect(set.status).toBe(200);
    expect(set.body.data.images).toEqual({
      lightPortrait: null,
      lightLandscape: null,
      darkPortrait: null,
      darkLandscape: expect.stringMatching(/^\/api\/files\//),
    });
    const image = await t.call('GET', set.body.data.images.darkLandscape, { token: owner });
    expect(image.status).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');

    const text = await t.call('POST', `${base}/${id}/setImage`, {
      token: owner,
      ...form(Buffer.from('not a picture at all'), { darkMode: 'false', portrait: 'true' }),
    });
    expect(text.status).toBe(415);
    expect((await t.call('POST', `${base}/${id}/setImage`, { token: owner, ...form(PNG, { darkMode: 'maybe', portrait: 'true' }) })).status).toBe(400);
    const big = await t.call('POST', `${base}/${id}/setImage`, {
      token: owner,
      ...form(Buffer.concat([PNG, Buffer.alloc(t.config.uploads.imageMaxBytes)]), { darkMode: 'false', portrait: 'true' }),
    });
    expect(big.status).toBe(413);
  });

  it('refuses devices and gauges of no vessel of the caller, and bad fields, with a clear error', async () => {
    const { t, owner } = online;
    const foreign = await t.call('POST', base, { token: owner, payload: { name: 'X', deviceIds: [999999] } });
    expect(foreign.status).toBe(400);
    expect(foreign.body.message).toBe('Device 999999 is not on this vessel');
    expect((await t.call('POST', base, { token: owner, payload: { name: 'X', gaugePropertyIds: [999999] } })).body.message).toBe(
      'Property 999999 is not on this vessel',
    );
    expect((await t.call('POST', base, { token: owner, payload: { name: 'X', startPage: 'nowhere' } })).status).toBe(400);
    expect((await t.call('POST', base, { token: owner, payload: { name: '' } })).status).toBe(400);
  });

  it('lets the crew read but not change, and answers another tenant 404', async () => {
    const { t, owner, crew, owner2 } = online;
    const { id } = (await t.call('POST', base, { token: owner, payload: { name: 'Saloon' } })).body.data;
    expect((await t.call('GET', base, { token: crew })).status).toBe(200);
    expect((await t.call('PUT', `${base}/${id}`, { token: crew, payload: { name: 'Mine' } })).status).toBe(403);
    for (const [method, url] of [
      ['GET', base],
      ['GET', `${base}/empty`],
      ['PUT', `${base}/${id}`],
      ['DELETE', `${base}/${id}`],
    ] as const)
      expect((await t.call(method, url, { token: owner2, payload: method === 'PUT' ? { name: 'Stolen' } : undefined })).status).toBe(404);
  });
});
