export const DEVICE_CATEGORIES = [
  'lighting',
  'shades',
  'climate',
  'power',
  'maritime',
  'camera',
  'link',
  'tank',
  'mechanical',
] as const;

export type DeviceCategory = (typeof DEVICE_CATEGORIES)[number];

export const CATEGORY_LABELS: Record<DeviceCategory, string> = {
  lighting: 'Lighting',
  shades: 'Shades',
  climate: 'Climate',
  power: 'Power',
  maritime: 'Maritime',
  camera: 'Cameras',
  link: 'Link',
  tank: 'Tanks',
  mechanical: 'Mechanical',
};

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
  id: string;
  path: string;
  displayName: string;
  units: string | null;
  writable: boolean;
  value: unknown;
  timestamp: string | null;
  warningLevels: WarningLevels | null;
  min?: number | null;
  max?: number | null;
}

export interface Device {
  id: string;
  name: string;
  category: DeviceCategory;
  manufacturer: string | null;
  model: string | null;
  serial: string | null;
  location: string | null;
  properties: Property[];
}

/** The answer of POST /api/vessel/{id}/sendCommand. */
export interface CommandResult {
  requestId: string;
  state: 'COMPLETED' | 'FAILED';
  statusCode: number;
  message?: string;
}

/** A `command` event of the live stream. */
export interface LiveCommandEvent {
  requestId: string;
  propertyId: string;
  state: 'PENDING' | 'COMPLETED' | 'FAILED' | 'TIMEOUT';
  statusCode: number | null;
  message?: string;
}

/** One point of a property's history (GET /api/simpleDevices/values). */
export interface HistoryPoint {
  timestamp: string;
  value: number | null;
}
