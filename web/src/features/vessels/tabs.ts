import { i18n, labelsOf } from '../../i18n';
import { atLeast, type PermissionSet } from './types';

/** The vessel page's tabs, each a child route `/dashboard/vessels/$vesselId/<tab>`, in the order shown. */
export const VESSEL_TABS = [
  'overview',
  'devices',
  'alerts',
  'routines',
  'location',
  'cameras',
  'documents',
  'service',
  'notes',
  'users',
  'log',
  'settings',
] as const;
export type VesselTab = (typeof VESSEL_TABS)[number];

/** The vessel dashboard opens on OVERVIEW (spec 9). */
export const DEFAULT_VESSEL_TAB: VesselTab = 'overview';

/** Each tab's name in the current language (read at each use). */
export const VESSEL_TAB_LABELS: Record<VesselTab, string> = labelsOf(VESSEL_TABS, (tab) => i18n.t(`vessels:tabs.${tab}`));

/**
 * Whether a member may open a tab. deviceManager DENY hides devices and the vessel's locations
 * (spec 6); the service schedule follows deviceManager too (docs/decisions.md, "Service
 * schedules"); the other areas follow their own permission.
 */
export function mayOpenTab(permissions: PermissionSet, tab: VesselTab): boolean {
  switch (tab) {
    case 'devices':
      return atLeast(permissions.deviceManager, 'VIEW');
    case 'alerts':
      return atLeast(permissions.alertManager, 'VIEW');
    case 'routines':
      return atLeast(permissions.routineManager, 'VIEW');
    case 'location':
      return atLeast(permissions.deviceManager, 'VIEW') && permissions.allowLocationServices;
    case 'cameras':
      return atLeast(permissions.securityManager, 'VIEW');
    case 'documents':
      return atLeast(permissions.documents, 'VIEW');
    case 'service':
      return atLeast(permissions.deviceManager, 'VIEW');
    case 'users':
      return atLeast(permissions.userManager, 'VIEW');
    case 'log':
      return atLeast(permissions.auditLogs, 'VIEW');
    default:
      return true;
  }
}

export function visibleTabs(permissions: PermissionSet): VesselTab[] {
  return VESSEL_TABS.filter((tab) => mayOpenTab(permissions, tab));
}

/** Sending commands needs deviceManager VIEW and allowDeviceControl (docs/api.md). */
export function canControlDevices(permissions: PermissionSet): boolean {
  return atLeast(permissions.deviceManager, 'VIEW') && permissions.allowDeviceControl;
}
