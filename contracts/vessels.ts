/** The Vessel shape of docs/api.md and the rule that picks a vessel's status banner (docs/product.md §4). */
import type { PermissionSet } from './permissions';

export interface ReportingClientSummary {
  id: number;
  serial: string;
  version: string | null;
}

export interface VesselSubscription {
  valid: boolean;
  validUntil: string | null;
  productIds: number[];
}

export interface Vessel {
  id: number;
  name: string;
  modelId: number | null;
  imageUrl: string | null;
  ownerId: number;
  groupName: string | null;
  reportingClient: ReportingClientSummary | null;
  vesselSubscription: VesselSubscription | null;
  online: boolean;
  lastSeen: string | null;
}

/** The status banner a vessel shows before any general message; OK lets a general message through. */
export type BannerState = 'NOT_PAIRED' | 'NO_SUBSCRIPTION' | 'OFFLINE' | 'OK';

export type VesselRole = 'owner' | 'member' | 'company';

/** An entry of `GET vessel/basic`. */
export interface VesselSummary extends Vessel {
  role: VesselRole | null;
  bannerState: BannerState;
  /** Null for those who may not read the vessel's alerts. */
  activeAlertCount?: number | null;
}

/** `GET vessel/{id}`: the vessel plus the caller's permissions on it. */
export interface VesselDetail extends Vessel {
  permissions: PermissionSet;
}

/**
 * Vessel banner precedence, highest first (docs/product.md §4): not paired, paired without a valid
 * subscription, paired and subscribed but offline; otherwise OK, where a general message may show.
 */
export function bannerStateOf(vessel: Pick<Vessel, 'reportingClient' | 'vesselSubscription' | 'online'>): BannerState {
  if (!vessel.reportingClient) return 'NOT_PAIRED';
  if (!vessel.vesselSubscription?.valid) return 'NO_SUBSCRIPTION';
  if (!vessel.online) return 'OFFLINE';
  return 'OK';
}
