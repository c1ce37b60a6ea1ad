/**
 * What a bridge reported under a pairing, deleted when the pairing ends (docs/decisions.md, "What
 * a bridge sends belongs to its pairing"): its current values and history (the raw rows, rollups
 * and compacted hours go with their series), its track, and its message sources and their
 * switches. Its receipt ring stays: a message stored before is still recognised when the bridge
 * sends it again, and not stored a second time for the next pairing.
 */
import type { Db } from '../../db/knex.js';

export async function deletePairingTelemetry(db: Db, bridgeId: number): Promise<void> {
  await db('value_batches').where({ bridge_id: bridgeId }).delete();
  await db('value_series').where({ bridge_id: bridgeId }).delete();
  await db('locations').where({ bridge_id: bridgeId }).delete();
  await db('message_sources').where({ bridge_id: bridgeId }).delete();
}
