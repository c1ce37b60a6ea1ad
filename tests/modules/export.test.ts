/**
 * Export of a vessel's whole record (issue 48 item 2): downloaded over real HTTP, unpacked with
 * the backup's own tar reader, and checked entry by entry: the record's sections, a property's
 * values as CSV, the track as GPX, a document's bytes and the manifest; who may export, and how
 * often.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExportManifest, ExportRecord } from '../../contracts/export.js';
import { extract } from '../../src/platform/backup/archive.js';
import { createTestServer, type TestServer } from '../helpers/server.js';
import { connectBridge, delta, INVENTORY, pairedBridge, publishInventory, type TestBridge } from '../mqtt/helpers.js';

let t: TestServer;
let owner: string;
let bridge: TestBridge & { vesselId: number };
let client: MqttClient;
const scratch = mkdtempSync(join(tmpdir(), 'vessel-link-export-test-'));
const start = Date.now() - 3 * 3600_000;
const at = (seconds: number) => new Date(start + seconds * 1000).toISOString();
const TEMPERATURE = 'environment.inside.saloon.temperature';
const DOCUMENT = Buffer.from('Engine serviced at 1,200 hours.\n');

const boundary = 'exportboundary';
const multipart = (fields: Record<string, string>, file: { name: string; type: string; data: Buffer }) => ({
  headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  payload: Buffer.concat([
    ...Object.entries(fields).map(([k, v]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`),
    file.data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]),
});

beforeAll(async () => {
  t = await createTestServer({ demo: true, listen: true, env: { LOG_LEVEL: 'error' } });
  const admin = await t.login('admin@demo.test');
  owner = await t.login('owner@demo.test');
  bridge = await pairedBridge(t, admin, 'Sea Breeze', 'BR-EXPORT');
  client = await connectBridge(t, bridge);
  await publishInventory(client, bridge.serial, {
    devices: [
      ...INVENTORY.devices,
      {
        id: 'saloon',
        name: 'Saloon',
        category: 'climate',
        properties: [{ path: TEMPERATURE, displayName: 'Temperature, saloon', units: 'K', writable: false }],
      },
    ],
  });
  const updates = Array.from({ length: 360 }, (_, n) => ({
    $source: 'n2k.35',
    timestamp: at(n * 10),
    values: [{ path: TEMPERATURE, value: 293.15 + n / 100 }],
  }));
  await client.publishAsync(`bridges/${bridge.serial}/delta`, JSON.stringify({ updates }), { qos: 1 });
  for (const [i, [lat, lon]] of [
    [43.7, 7.25],
    [43.71, 7.26],
  ].entries())
    await client.publishAsync(
      `bridges/${bridge.serial}/delta`,
      delta([{ path: 'navigation.position', value: { latitude: lat, longitude: lon } }], { timestamp: at(i * 60), source: 'n2k.gps1' }),
      { qos: 1 },
    );
  expect((await t.call('POST', `/api/vessel/${bridge.vesselId}/notes`, { token: owner, payload: { messageText: 'Anchored off Cap Ferrat' } })).status).toBe(
    200,
  );
  const doc = await t.call('POST', `/api/vessel/${bridge.vesselId}/documents`, {
    token: owner,
    ...multipart({ name: 'Engine log' }, { name: 'engine.txt', type: 'text/plain', data: DOCUMENT }),
  });
  expect(doc.status).toBe(200);
});
afterAll(async () => {
  await client.endAsync();
  await t.close();
  rmSync(scratch, { recursive: true, force: true });
});

/** GET over HTTP, as a browser or curl does. */
const download = (token: string, vesselId = bridge.vesselId) =>
  fetch(`${t.server.info.uri}/api/vessel/${vesselId}/export`, { headers: { authorization: `Bearer ${token}` } });

/** The archive unpacked into a directory of its own: entry name → its bytes. */
async function unpack(archive: Buffer): Promise<Map<string, Buffer>> {
  const dir = mkdtempSync(join(scratch, 'unpacked-'));
  writeFileSync(join(dir, 'archive.tar'), archive);
  let n = 0;
  const names = new Map<string, string>();
  const digests = await extract(join(dir, 'archive.tar'), (name) => {
    const file = join(dir, `entry-${n++}`);
    names.set(name, file);
    return file;
  });
  expect(digests.map((d) => d.name)).toEqual([...names.keys()]);
  return new Map([...names].map(([name, file]) => [name, readFileSync(file)]));
}

describe('GET vessel/{id}/export', () => {
  it('streams a tar archive of the record, the history, the track and the documents', async () => {
    const res = await download(owner);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/x-tar');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="sea-breeze-\d{4}-\d\d-\d\d\.tar"$/);
    const entries = await unpack(Buffer.from(await res.arrayBuffer()));
    const names = [...entries.keys()];
    expect(names[0]).toBe('vessel.json');
    expect(names.at(-1)).toBe('manifest.json');

    const record = JSON.parse(entries.get('vessel.json')!.toString()) as ExportRecord;
    expect(record).toMatchObject({ format: 'vessel-link-export', version: 1, vesselId: bridge.vesselId, omitted: [] });
    const sections = record.sections as Record<string, any>;
    expect(sections.vessel).toMatchObject({ id: bridge.vesselId, name: 'Sea Breeze' });
    const properties = sections.devices.flatMap((d: { properties: unknown[] }) => d.properties);
    const temperature = properties.find((p: { path: string }) => p.path === TEMPERATURE);
    expect(temperature).toMatchObject({ displayName: 'Temperature, saloon', units: 'K' });
    expect(sections.notes.map((n: { messageText: string }) => n.messageText)).toContain('Anchored off Cap Ferrat');
    expect(sections.members.length).toBeGreaterThan(0);
    expect(sections.documents).toEqual([expect.objectContaining({ name: 'Engine log', mime: 'text/plain', size: DOCUMENT.length })]);
    for (const name of ['alarmSettings', 'customAlerts', 'alerts', 'alertHistory', 'alertLog', 'service', 'serviceLog', 'serviceRequests', 'routines'])
      expect(sections).toHaveProperty(name);

    const documentId = sections.documents[0].id as number;
    const documentEntry = names.find((n) => n.startsWith(`documents/${documentId}-`))!;
    expect(documentEntry).toBe(`documents/${documentId}-Engine_log.txt`);
    expect(entries.get(documentEntry)!.equals(DOCUMENT)).toBe(true);

    const csvNames = names.filter((n) => n.startsWith(`history/${temperature.id}-temperature-saloon/`));
    expect(csvNames.length).toBeGreaterThan(0);
    const rows = csvNames.flatMap((n) => {
      const [header, ...lines] = entries.get(n)!.toString().trim().split('\r\n');
      expect(header).toBe('time,value');
      return lines.map((line) => line.split(','));
    });
    expect(rows).toHaveLength(360);
    expect(rows[0][0]).toBe(at(0));
    expect(Number(rows[0][1])).toBeCloseTo(293.15);
    expect(rows[359][0]).toBe(at(3590));
    expect(Number(rows[359][1])).toBeCloseTo(296.74);

    const gpx = names
      .filter((n) => /^track\/\d{4}-\d\d\.gpx$/.test(n))
      .map((n) => entries.get(n)!.toString())
      .join('');
    expect(gpx).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<gpx version="1.1"/);
    const points = [...gpx.matchAll(/<trkpt lat="([-\d.]+)" lon="([-\d.]+)"><time>([^<]+)<\/time><\/trkpt>/g)];
    expect(points.map((p) => [Number(p[1]), Number(p[2]), p[3]])).toEqual([
      [43.7, 7.25, at(0)],
      [43.71, 7.26, at(60)],
    ]);

    const manifest = JSON.parse(entries.get('manifest.json')!.toString()) as ExportManifest;
    expect(manifest).toMatchObject({ complete: true, vesselId: bridge.vesselId });
    expect(manifest.entries.map((e) => e.name)).toEqual(names.slice(0, -1));
    for (const entry of manifest.entries) expect(entry.bytes).toBe(entries.get(entry.name)!.length);
    expect(manifest.entries.filter((e) => e.propertyId === temperature.id).reduce((n, e) => n + (e.rows ?? 0), 0)).toBe(360);
  });

  it('is recorded in the vessel’s audit log', async () => {
    const page = await t.call('POST', '/api/logs/all/page', { token: owner, payload: { page: 0, size: 50, filter: { vesselId: bridge.vesselId } } });
    expect(page.status).toBe(200);
    expect(page.body.data.content.map((e: { action: string }) => e.action)).toContain('vessel exported');
  });

  it('takes a link key instead of the session key, as the other downloads', async () => {
    const res = await fetch(`${t.server.info.uri}${await t.link(owner, `/api/vessel/${bridge.vesselId}/export`)}`);
    expect(res.status).toBe(200);
    expect((await res.arrayBuffer()).byteLength).toBeGreaterThan(1024);
  });

  it('answers 404 to another tenant, 403 to a member without userManager MANAGE, 401 without a session', async () => {
    const stranger = await download(await t.login('owner2@demo.test'));
    expect(stranger.status).toBe(404);
    expect(await stranger.json()).toMatchObject({ ok: false, status: 404 });
    const crew = await download(await t.login('crew@demo.test'));
    expect(crew.status).toBe(403);
    expect(await crew.json()).toMatchObject({ ok: false, status: 403 });
    expect((await fetch(`${t.server.info.uri}/api/vessel/${bridge.vesselId}/export`)).status).toBe(401);
  });

  it('leaves out what a manager may not read, and says so', async () => {
    const crewId = (await t.call('GET', '/api/profile/details', { token: await t.login('crew@demo.test') })).body.data.id;
    const grant = await t.call('POST', `/api/vessel/${bridge.vesselId}/editPermissions`, {
      token: owner,
      payload: { userId: crewId, permissions: { userManager: 'MANAGE', documents: 'DENY', deviceManager: 'VIEW', alertManager: 'VIEW' } },
    });
    expect(grant.status).toBe(200);
    t.changedBehindTheServersBack();
    const res = await download(await t.login('crew@demo.test'));
    expect(res.status).toBe(200);
    const entries = await unpack(Buffer.from(await res.arrayBuffer()));
    const record = JSON.parse(entries.get('vessel.json')!.toString()) as ExportRecord;
    expect(record.sections).not.toHaveProperty('documents');
    expect(record.omitted).toContainEqual(expect.objectContaining({ section: 'documents', status: 403 }));
    expect([...entries.keys()].some((n) => n.startsWith('documents/'))).toBe(false);
    // No location services: no track.
    expect([...entries.keys()].some((n) => n.startsWith('track/'))).toBe(false);
    expect([...entries.keys()].some((n) => n.startsWith('history/'))).toBe(true);
  });

  it('allows a few exports an hour per user, then 429 with Retry-After', async () => {
    let status = 200;
    for (let i = 0; i < 12 && status === 200; i++) {
      const res = await download(owner);
      status = res.status;
      if (status === 200) await res.arrayBuffer();
      else {
        expect(await res.json()).toMatchObject({ ok: false, status: 429 });
        expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      }
    }
    expect(status).toBe(429);
  });
});
