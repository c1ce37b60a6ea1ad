/**
 * The setup most alarm and device tests share: the demo server listening, the demo users signed
 * in, and a real MQTT bridge paired to Sea Breeze and connected (with the simulator's inventory
 * when asked).
 */
import type { MqttClient } from 'mqtt';
import { connectBridge, eventually, pairedBridge, publishInventory, type TestBridge } from '../mqtt/helpers.js';
import { createTestServer, type TestServer } from './server.js';

export interface SeaBreezeOnline {
  t: TestServer;
  admin: string;
  owner: string;
  crew: string;
  owner2: string;
  bridge: TestBridge & { vesselId: number };
  client: MqttClient;
  close(): Promise<void>;
}

export async function seaBreezeOnline(serial: string, options: { inventory?: boolean } = {}): Promise<SeaBreezeOnline> {
  const t = await createTestServer({ demo: true, listen: true });
  const admin = await t.login('admin@demo.test');
  const [owner, crew, owner2] = [await t.login('owner@demo.test'), await t.login('crew@demo.test'), await t.login('owner2@demo.test')];
  const bridge = await pairedBridge(t, admin, 'Sea Breeze', serial);
  const client = await connectBridge(t, bridge);
  if (options.inventory) await publishInventory(client, bridge.serial);
  const close = async () => {
    await client.endAsync();
    await t.close();
  };
  return { t, admin, owner, crew, owner2, bridge, client, close };
}

/** The id of one of the bridge's properties, once its inventory is stored. */
export function propertyIdOf({ t, bridge }: SeaBreezeOnline, path: string): Promise<number> {
  return eventually(
    async () => (await t.database.db('device_properties').where({ bridge_id: bridge.id, path }).first())?.id as number | undefined,
    'inventory',
  );
}
