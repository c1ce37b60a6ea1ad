/**
 * Controllers (spec 000 §1 and §3's device type enum MFD, Client, Cloud; docs/api.md
 * "Controllers"): a real MQTT bridge reports the MFDs and client apps on board in its `status`,
 * and the vessel lists them after the cloud; a malformed list is refused and the last one kept.
 */
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../helpers/server.js';
import { connectBridge, eventually, pairedBridge, type TestBridge } from './helpers.js';

let t: TestServer;
let bridge: TestBridge & { vesselId: number };
let client: MqttClient;
let owner: string;

const CLOUD = { id: 'cloud', type: 'Cloud', name: 'Vessel Link cloud', reportedAt: null };
const controllers = async (vesselId: number, token = owner) => t.call('GET', `/api/vessel/${vesselId}/controllers`, { token });
const publishStatus = (status: object) => client.publishAsync(`bridges/${bridge.serial}/status`, JSON.stringify(status), { qos: 1, retain: true });

beforeAll(async () => {
  t = await createTestServer({ demo: true, listen: true });
  bridge = await pairedBridge(t, await t.login('admin@demo.test'), 'Sea Breeze', 'BR-CONTROLLERS');
  client = await connectBridge(t, bridge);
  owner = await t.login('owner@demo.test');
});
afterAll(async () => {
  await client.endAsync();
  await t.close();
});

describe('the controllers of a vessel', () => {
  it('are the cloud alone until the bridge reports what is on board', async () => {
    expect((await controllers(bridge.vesselId)).body.data).toEqual([CLOUD]);
  });

  it('list the MFDs and client apps of the bridge’s last status after the cloud, with the time of the report', async () => {
    await publishStatus({
      online: true,
      version: '2.0.0',
      controllers: [
        { id: 'n2k.3', type: 'MFD', name: 'Helm chartplotter' },
        { id: 'app.crew', type: 'Client', name: 'Crew tablet' },
      ],
    });
    const listed = await eventually(async () => {
      const body = (await controllers(bridge.vesselId)).body.data;
      return body.length === 3 ? body : null;
    }, 'the reported controllers');
    expect(listed).toEqual([
      CLOUD,
      { id: 'n2k.3', type: 'MFD', name: 'Helm chartplotter', reportedAt: expect.any(String) },
      { id: 'app.crew', type: 'Client', name: 'Crew tablet', reportedAt: expect.any(String) },
    ]);
    // A status without the list (an older bridge) leaves the last one as it was.
    await publishStatus({ online: true, version: '2.0.1' });
    await eventually(async () => (await t.database.db('bridges').where({ id: bridge.id }).first('version')).version === '2.0.1', 'the new version');
    expect((await controllers(bridge.vesselId)).body.data).toHaveLength(3);
  });

  it('refuse a status that claims to be the cloud, or repeats an id, and keep the last list', async () => {
    const before = (await controllers(bridge.vesselId)).body.data;
    await publishStatus({ online: true, controllers: [{ id: 'x', type: 'Cloud', name: 'Not the cloud' }] });
    await publishStatus({
      online: true,
      controllers: [
        { id: 'same', type: 'MFD', name: 'A' },
        { id: 'same', type: 'Client', name: 'B' },
      ],
    });
    // A good status after the bad ones: once it is stored, the bad ones were handled before it.
    await publishStatus({ online: true, version: '2.0.2' });
    await eventually(async () => (await t.database.db('bridges').where({ id: bridge.id }).first('version')).version === '2.0.2', 'the later status');
    expect((await controllers(bridge.vesselId)).body.data).toEqual(before);
  });

  it('are shown only to those who may see the devices', async () => {
    expect((await controllers(bridge.vesselId, await t.login('owner2@demo.test'))).status).toBe(404);
  });
});
