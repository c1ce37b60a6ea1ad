/**
 * What other modules may ask of the devices module: a vessel's properties (with their current
 * values) and devices, and deleting what a pairing leaves behind. The ingest reads each bridge's
 * paths through `server.plugins.devices.api`.
 */
import type { Knex } from 'knex';
import type { Database } from '../../db/knex.js';
import { bridgeOfVessel } from '../bridges/api.js';
import { currentValues } from '../telemetry/api.js';
import type { Inventory } from './inventory.js';
import * as repo from './repository.js';

type Db = Database | Knex.Transaction;

export type { Device, Property, PropertyRow } from './repository.js';
export type { Inventory } from './inventory.js';
export type { PathMeta } from './schema-repository.js';

/** What the devices module keeps in memory for the ingest (`server.plugins.devices.api`). */
export interface DevicesApi {
  /** Each bridge's paths with their device and property, and how unknown paths get one. */
  inventory: Inventory;
}

/** A property by id, on whatever bridge; null when there is none. */
export const findProperty = (db: Db, id: number): Promise<repo.PropertyRow | null> => repo.findProperty(db, id);

/**
 * A pairing ended (its bridge unlinked, or its vessel deleted): the devices and properties the
 * bridge reported under it are deleted, in the caller's transaction. Whoever ends the pairing
 * announces it (`bridge.paired`), and every node forgets what it keeps of the bridge.
 */
export const deletePairingDevices = (db: Db, bridgeId: number): Promise<void> => repo.deletePairingInventory(db, bridgeId);

/** A property of the vessel's current bridge, with its current value. */
export type VesselProperty = repo.PropertyRow & { value: unknown; tsMs: number | null };

/** The properties of the vessel (its current bridge's) among `ids`, by id; others are absent. */
export async function propertiesOfVessel(db: Db, vesselId: number, ids: number[]): Promise<Map<number, VesselProperty>> {
  const bridge = await bridgeOfVessel(db, vesselId);
  const rows = bridge ? await repo.propertiesOfBridge(db, bridge.id, [...new Set(ids)]) : [];
  const values = rows.length ? await currentValues(db, bridge!.id, [...new Set(rows.map((r) => r.path))]) : new Map();
  return new Map(
    rows.map((r) => {
      const current = values.get(r.path);
      return [r.id, { ...r, value: current ? current.value : null, tsMs: current ? current.tsMs : null }];
    }),
  );
}

/** A bridge's properties of these paths with their device's name and units (the first device's, should two list one path). */
export const namedPropertiesOfBridge = (db: Db, bridgeId: number, paths: string[]): Promise<Array<repo.PropertyRow & { deviceName: string }>> =>
  repo.propertiesWithDevice(db, bridgeId, paths);

/** The ids of the devices of the vessel's current bridge. */
export async function deviceIdsOfVessel(db: Db, vesselId: number): Promise<Set<number>> {
  const bridge = await bridgeOfVessel(db, vesselId);
  return new Set(bridge ? (await repo.devicesOfBridge(db, bridge.id)).map((d) => d.id) : []);
}
