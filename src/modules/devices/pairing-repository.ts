/**
 * What a bridge reported under a pairing, deleted when the pairing ends (docs/decisions.md, "What
 * a bridge sends belongs to its pairing"): its devices and properties with their warning levels,
 * current values and history (the raw rows, rollups and compacted hours go with their series),
 * its track, its message sources and their switches, the inventory's digest (so the next
 * inventory is stored in full, not taken for the last one) and the commands sent or queued for it.
 * Its receipt ring stays: a message stored before is still recognised when the bridge sends it
 * again, and not stored a second time for the next pairing.
 */
import type { Db } from '../../db/knex.js';

export async function deletePairingData(db: Db, bridgeId: number): Promise<void> {
  await db('device_commands').where({ bridge_id: bridgeId }).delete();
  await db('property_warning_levels').where({ bridge_id: bridgeId }).delete();
  await db('device_properties').where({ bridge_id: bridgeId }).delete();
  await db('devices').where({ bridge_id: bridgeId }).delete();
  await db('device_inventories').where({ bridge_id: bridgeId }).delete();
  await db('value_batches').where({ bridge_id: bridgeId }).delete();
  await db('value_series').where({ bridge_id: bridgeId }).delete();
  await db('locations').where({ bridge_id: bridgeId }).delete();
  await db('message_sources').where({ bridge_id: bridgeId }).delete();
}
