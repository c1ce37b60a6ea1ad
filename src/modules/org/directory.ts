/**
 * What the organisation area asks of the modules that own vessels, positions and alarms (they
 * depend on this one, through the vessel module, so server.ts hands these in instead of imports).
 */
import type { Db } from '../../db/knex.js';
import type { AlarmPriority, ModelVesselAlarm } from '../../../contracts/organisation.js';
import type { BannerState } from '../../../contracts/vessels.js';
import type { VesselAccess } from '../access/api.js';

export interface FleetVesselView {
  id: number;
  name: string;
  modelId: number | null;
  ownerId: number;
  online: boolean;
  lastSeen: string | null;
  bannerState: BannerState;
  activeAlertCount: number | null;
}

export interface VesselDirectory {
  vesselsOwnedBy(db: Db, userId: number): Promise<Array<{ id: number; name: string; ownerId: number }>>;
  /** owner id → how many vessels they own. */
  vesselCountsOwnedBy(db: Db, ownerIds: number[]): Promise<Map<number, number>>;
  /** The vessel views of these vessels as reached through `accessById`. */
  vesselViews(db: Db, ids: number[], accessById: Map<number, VesselAccess>): Promise<FleetVesselView[]>;
  /** Vessels built on these models whose owners consented (`mfrAccess`). */
  consentingVesselsOfModels(db: Db, modelIds: number[]): Promise<Array<{ id: number; name: string; ownerId: number; modelId: number }>>;
  /** Where a vessel is now (its bridge's latest position), or null. */
  currentLocation(db: Db, vesselId: number): Promise<{ lat: number; lon: number; timestamp: string } | null>;
  /** vessel id → alarms raised since `sinceIso` per priority. */
  alarmCountsByPriority(db: Db, vesselIds: number[], sinceIso: string): Promise<Map<number, Record<AlarmPriority, number>>>;
  /** The alarms raised on a vessel since `sinceIso`, newest first. */
  alarmsRaisedSince(db: Db, vesselId: number, sinceIso: string): Promise<ModelVesselAlarm[]>;
}
