/**
 * What other modules may ask of the devices module: where a vessel is and where it has been
 * (geofences, route views). Data belongs to the vessel's current bridge.
 */
import type { Knex } from 'knex';
import type { Database } from '../../db/knex.js';
import { bridgeOfVessel } from '../bridges/api.js';
import * as repo from './repository.js';

type Db = Database | Knex.Transaction;

/** Most points a location history answers; longer ranges are evenly thinned. */
const MAX_TRACK_POINTS = 5000;

export async function currentLocation(db: Db, vesselId: number): Promise<repo.LocationRow | null> {
  const bridge = await bridgeOfVessel(db, vesselId);
  return bridge ? repo.latestLocation(db, bridge.id) : null;
}

/** Positions between two times, oldest first, at most MAX_TRACK_POINTS. */
export async function locationHistory(db: Db, vesselId: number, fromMs: number, toMs: number): Promise<repo.LocationRow[]> {
  const bridge = await bridgeOfVessel(db, vesselId);
  return bridge ? repo.locationsBetween(db, bridge.id, fromMs, toMs, MAX_TRACK_POINTS) : [];
}
