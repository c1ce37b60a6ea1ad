/**
 * What other modules may ask of the bridges module: a vessel's bridge, pairing and unpairing,
 * and which vessel a bridge's data belongs to. Data is kept against the bridge and resolved to
 * its vessel when read, so what an unpaired bridge sent shows on the vessel it is paired with.
 */
import Boom from '@hapi/boom';
import type { Knex } from 'knex';
import type { Database } from '../../db/knex.js';
import { ruleRefused } from '../../platform/errors.js';
import * as repo from './repository.js';
import { BridgeSecrets, newPairingCode, pairingCodeHash } from './secrets.js';

export { BridgeSecrets } from './secrets.js';

type Db = Database | Knex.Transaction;

/** A vessel's bridge as the vessel shows it (API.md `reportingClient` plus its connection state). */
export interface VesselBridge {
  id: number;
  serial: string;
  version: string | null;
  online: boolean;
  lastSeen: string | null;
}

const vesselBridgeOf = (row: repo.BridgeRow): VesselBridge => ({
  id: row.id,
  serial: row.serial,
  version: row.version,
  online: row.online,
  lastSeen: row.lastSeenMs === null ? null : new Date(row.lastSeenMs).toISOString(),
});

/**
 * Pairs the bridge carrying this code with a vessel. An unknown code is a 418 with a message for
 * the user (a mistyped code is a business refusal, not a missing object); a bridge already
 * paired (with this or another vessel) is a 409, and so is a vessel that already has a bridge.
 */
export async function pairBridge(db: Database, pairingCode: string, vesselId: number): Promise<VesselBridge> {
  return db.transaction(async (trx) => {
    const bridge = await repo.findBridgeByPairingCode(trx, pairingCodeHash(pairingCode));
    if (!bridge) throw ruleRefused('This pairing code is not valid. Check the code printed on the bridge.');
    if (bridge.vesselId !== null) throw Boom.conflict('This bridge is already paired with a vessel');
    if ((await repo.bridgesOfVessels(trx, [vesselId])).length) throw Boom.conflict('This vessel already has a bridge; unlink it first');
    if (!(await repo.pairIfUnpaired(trx, bridge.id, vesselId))) throw Boom.conflict('This bridge is already paired with a vessel');
    return vesselBridgeOf({ ...bridge, vesselId });
  });
}

/**
 * Detaches a vessel's bridge and gives the bridge a fresh pairing code (the old one no longer
 * works); null when the vessel had no bridge. The bridge keeps its data and its connection.
 */
export async function unpairBridge(db: Db, vesselId: number): Promise<{ bridgeId: number; serial: string; pairingCode: string } | null> {
  const [bridge] = await repo.bridgesOfVessels(db, [vesselId]);
  if (!bridge) return null;
  const pairingCode = newPairingCode();
  await repo.updateBridge(db, bridge.id, { vesselId: null, pairingCodeHash: pairingCodeHash(pairingCode) });
  return { bridgeId: bridge.id, serial: bridge.serial, pairingCode };
}

export async function bridgeOfVessel(db: Db, vesselId: number): Promise<VesselBridge | null> {
  const [bridge] = await repo.bridgesOfVessels(db, [vesselId]);
  return bridge ? vesselBridgeOf(bridge) : null;
}

export async function bridgesOfVessels(db: Db, vesselIds: number[]): Promise<Map<number, VesselBridge>> {
  const rows = await repo.bridgesOfVessels(db, vesselIds);
  return new Map(rows.map((r) => [r.vesselId as number, vesselBridgeOf(r)]));
}

/** bridge id → id of the vessel it is paired with (unpaired bridges are absent). */
export const vesselIdsOfBridges = (db: Db, bridgeIds: number[]): Promise<Map<number, number>> => repo.vesselIdsOfBridges(db, bridgeIds);

/** Creates a reporting client with the given (or fresh) secret and pairing code; for provisioning and fixtures. */
export async function provisionBridge(
  db: Db,
  secrets: BridgeSecrets,
  input: { serial: string; version?: string | null; secret?: string; pairingCode?: string },
): Promise<{ bridgeId: number; secret: string; pairingCode: string }> {
  if (await repo.findBridgeBySerial(db, input.serial)) throw Boom.conflict('A reporting client with this serial already exists');
  const secret = input.secret ?? secrets.newSecret();
  const pairingCode = input.pairingCode ?? newPairingCode();
  const bridgeId = await repo.insertBridge(db, { serial: input.serial, secretHash: secrets.hash(secret), pairingCodeHash: pairingCodeHash(pairingCode), version: input.version ?? null });
  return { bridgeId, secret, pairingCode };
}
