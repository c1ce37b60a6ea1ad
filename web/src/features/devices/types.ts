import { i18n, labelsOf } from '../../i18n';
import { DEVICE_CATEGORIES, type DeviceCategory } from '../../../../contracts/devices';

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

/** Each category's name, read in the current language. */
export const CATEGORY_LABELS: Record<DeviceCategory, string> = labelsOf(DEVICE_CATEGORIES, (category) => i18n.t(`devices:categories.${category}`));

/** One bucket of a property's history downsampled for a chart (GET /api/simpleDevices/values with buckets). */
export type { HistoryBucket } from '../../../../contracts/devices';
