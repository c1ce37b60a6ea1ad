/** The migration that gives Signal K schema properties their description fills it in for the ones added before it. */
import { describe, expect, it } from 'vitest';
import { down, up } from '../../migrations/20261201020000_property_descriptions.js';
import { insertId, nowIso } from '../../src/db/knex.js';
import { createTestDatabase, testDialects } from '../helpers/db.js';

describe.each(testDialects())('property descriptions on %s', (which) => {
  it("describes the schema's properties already there, and leaves an inventory's alone", async () => {
    const { db, drop } = await createTestDatabase(which);
    try {
      await down(db);
      const now = nowIso();
      const bridgeId = await insertId(db, 'bridges', { serial: 'BR-DESCRIBED', secret_hash: 'x', created_at: now, updated_at: now });
      const device = async (key: string, path: string) => {
        const id = await insertId(db, 'devices', { bridge_id: bridgeId, device_key: key, name: key, category: 'power', updated_at: now });
        await db('device_properties').insert({ device_id: id, bridge_id: bridgeId, path, display_name: 'Voltage', units: 'V' });
        return id;
      };
      const described = await device('signalk:electrical.batteries.1', 'electrical.batteries.1.voltage');
      const inventory = await device('house-battery', 'electrical.batteries.house.voltage');
      await up(db);
      const description = async (deviceId: number) => (await db('device_properties').where({ device_id: deviceId }).first('description')).description;
      expect(await description(described)).toBe('Voltage measured at or as close as possible to the device');
      expect(await description(inventory)).toBeNull();
    } finally {
      await drop();
    }
  });
});
