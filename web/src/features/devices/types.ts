import type { DeviceCategory } from '../../../../contracts/devices';

export {
  DEVICE_CATEGORIES,
  type Bus,
  type BusDescription,
  type BusProperty,
  type Device,
  type DeviceCategory,
  type Property,
  type WarningLevels,
} from '../../../../contracts/devices';
export type { CommandRequest, CommandState, CommandStatus } from '../../../../contracts/live';

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

/** One bucket of a property's history downsampled for a chart (GET /api/simpleDevices/values with buckets). */
export type { HistoryBucket } from '../../../../contracts/devices';
