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
  description?: string | null;
  units: string | null;
  writable: boolean;
  value: unknown;
  /** When the value was measured (ISO); null before the first value. */
  timestamp: string | null;
  warningLevels: WarningLevels | null;
  /** The value is older than expected from the property's usual interval: a dead sensor, not a reading to trust. */
  stale?: boolean;
  min?: number | null;
  max?: number | null;
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
