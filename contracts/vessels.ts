/** The Vessel shape of docs/api.md and the rule that picks a vessel's status banner (docs/product.md §4). */
import type { CloudServices } from './billing';
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
  /** Whether live values, history and commands are on (a valid subscription, or the test period after pairing). */
  cloudServices?: CloudServices | null;
  online: boolean;
  lastSeen: string | null;
  /** The vessel's switches: whether the bridge records the track and updates values, and whether the manufacturer has access. */
  settings?: VesselSettings;
}

export interface VesselSettings {
  gpsReporting: boolean;
  propertyUpdate: boolean;
  mfrAccess: boolean;
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
  /** How the caller reaches the vessel. */
  role?: VesselRole | null;
  /** When the caller's company grant ends (null: no end, or not through a company). */
  accessUntil?: string | null;
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

/** Someone who asked a vessel's owner for access, until it is granted or declined (GET vessel/{id}/accessRequests). */
export interface AccessRequest {
  requestId: number;
  userId: number;
  email: string;
  firstName: string;
  lastName: string;
  message: string | null;
  requestedAt: string;
}

/**
 * The weather at a position, metric (GET weather): from the weather service, or from the vessel's
 * own sensors when no service is configured or reachable; `source` null when neither has any.
 */
export interface Weather {
  source: 'service' | 'vessel' | null;
  /** "Open-Meteo", "Sea Breeze's sensors": what the screen names as the source. */
  sourceName: string | null;
  /** When the values were measured (the service's hour, or the newest sensor value). */
  observedAt: string | null;
  temperatureC: number | null;
  windSpeedMs: number | null;
  /** Where the wind comes from, degrees true. */
  windDirectionDeg: number | null;
  pressureHpa: number | null;
}

/** The pages an app setting may open on (the vessel's tabs a display shows). */
export const APP_START_PAGES = ['overview', 'devices', 'alerts', 'location', 'cameras'] as const;
export type AppStartPage = (typeof APP_START_PAGES)[number];

/** The four background images of an app setting: light and dark theme, portrait and landscape. */
export const APP_IMAGE_SLOTS = ['lightPortrait', 'lightLandscape', 'darkPortrait', 'darkLandscape'] as const;
export type AppImageSlot = (typeof APP_IMAGE_SLOTS)[number];

/** What the phone app or an on-board display shows (GET vessel/{id}/appSettings). */
export interface AppSetting {
  id: number;
  name: string;
  deviceIds: number[];
  /** Properties shown as gauges. */
  gaugePropertyIds: number[];
  startPage: AppStartPage;
  /** Image URLs per slot, null where none is set. */
  images: Record<AppImageSlot, string | null>;
  updatedAt: string;
}

export type AppSettingFields = Pick<AppSetting, 'name' | 'deviceIds' | 'gaugePropertyIds' | 'startPage'>;

/** A company with access to some of the caller's vessels (GET profile/vendors); paused, it reaches none of them. */
export interface Vendor {
  id: number;
  name: string;
  kind: string | null;
  enabled: boolean;
  vesselCount: number;
}

/** A vessel in the administrator's list (POST admin/vessels/page). */
export interface AdminVessel extends VesselSummary {
  ownerEmail: string | null;
}
