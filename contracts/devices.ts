/** The Device and Property shapes of docs/api.md; a device's category is one of the bridge protocol's. */
import type { DeviceCategory } from './bridge';

export { DEVICE_CATEGORIES, type DeviceCategory } from './bridge';

export interface WarningLevels {
  lowCritical?: number | null;
  lowWarning?: number | null;
  highWarning?: number | null;
  highCritical?: number | null;
  hysteresis?: number | null;
  delaySeconds?: number | null;
}

/** A value a device reports (and, when writable, accepts), in Signal K SI units. */
export interface Property {
  /** `sendCommand`'s `deviceProperty`. */
  id: number;
  path: string;
  displayName: string;
  /** What the value is (the Signal K schema's words, for paths a bridge sent without an inventory); null when unknown. */
  description: string | null;
  /** The SI unit the value is in; empty when unitless. */
  units: string;
  writable: boolean;
  min: number | null;
  max: number | null;
  value: unknown;
  /** When the value was measured (ISO); null before the first value. */
  timestamp: string | null;
  warningLevels: WarningLevels | null;
  /** The value is older than expected from the property's usual interval: a dead sensor, not a reading to trust; false before the first value. */
  stale: boolean;
}

export interface Device {
  id: number;
  name: string;
  category: DeviceCategory;
  manufacturer: string | null;
  model: string | null;
  serial: string | null;
  location: string | null;
  properties: Property[];
}

/** docs/api.md Location: the vessel's last position. */
export interface Location {
  lat: number;
  lon: number;
  timestamp: string;
  speedOverGround?: number | null;
  courseOverGroundTrue?: number | null;
  /** Set once the vessel's cloud services have ended: the position is the last from before then (`GET vessel/{id}/location`). */
  servicesEndedAt?: string;
}

/**
 * One bucket of a property's history downsampled for a chart (GET simpleDevices/values with
 * `buckets`): the numeric values measured in [timestamp, timestamp + the bucket's width).
 * Buckets without a value are absent, so an outage stays a gap.
 */
export interface HistoryBucket {
  /** The bucket's start (ISO); buckets are aligned to multiples of their width since the epoch. */
  timestamp: string;
  min: number;
  max: number;
  mean: number;
  /** The newest value in the bucket. */
  last: number;
  /** How many values the bucket summarises. */
  count: number;
}

/**
 * The buses the platform knows (`GET dataUtils?action=getAllBuses`): a message source's uid starts
 * with its bus (`n2k.17`), and this names it for people. A bus not listed is shown by its id.
 */
export const KNOWN_BUSES = [
  { id: 'n2k', name: 'NMEA 2000' },
  { id: 'nmea0183', name: 'NMEA 0183' },
  { id: 'signalk', name: 'Signal K' },
  { id: 'interface', name: 'Interfaces (HTTP)' },
  { id: 'sim', name: 'Simulator' },
  { id: 'default', name: 'Without a source' },
] as const;

export interface BusDescription {
  id: string;
  name: string;
}

/** A vessel's bus (`GET vessel/{id}/busList`): its id, how many sources report through it, the newest sighting. */
export interface Bus {
  name: string;
  sourceCount: number;
  lastSeen: string;
}

/** A property whose current value came through a bus (`GET devices/busProperties?vesselId=&bus=`). */
export interface BusProperty {
  id: number;
  deviceId: number;
  deviceName: string;
  path: string;
  displayName: string;
  /** SI, as the bridge reports it; empty when unitless. */
  units: string;
  value: unknown;
  timestamp: string | null;
  /** The message source the current value came from (`n2k.17`). */
  source: string;
}

/**
 * `GET vessel/{id}/geofenceRoute`: where the vessel has gone since it left its geofence, oldest
 * first; empty while it is inside (or no fence is on).
 */
export interface GeofenceRoute {
  /** The first position outside the fence of the current excursion; null while inside. */
  outsideSince: string | null;
  points: Location[];
}

/** A Signal K source of a vessel's bridge (GET discovery/messageSources): a disabled one's values are dropped on arrival. */
export interface MessageSource {
  uid: string;
  bus: string;
  enabled: boolean;
  firstSeen: string;
  lastSeen: string;
}

/** A source that has reported a position (GET vessel/location/{id}/persistedSources): enabled ones feed the track. */
export interface LocationSource {
  uid: string;
  bus: string;
  enabled: boolean;
  lastSeen: string;
}
