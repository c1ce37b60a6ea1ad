import { atLeast, type PermissionSet } from './types';

/** The vessel page's tabs, each a child route `/dashboard/vessels/$vesselId/<tab>`, in the order shown. */
export const VESSEL_TABS = ['overview', 'devices', 'alerts', 'location', 'documents', 'notes', 'users', 'settings'] as const;
export type VesselTab = (typeof VESSEL_TABS)[number];

/** The vessel dashboard opens on OVERVIEW (spec 9). */
export const DEFAULT_VESSEL_TAB: VesselTab = 'overview';

export const VESSEL_TAB_LABELS: Record<VesselTab, string> = {
  overview: 'Overview',
  devices: 'Devices',
  alerts: 'Alerts',
  location: 'Location',
  documents: 'Documents',
  notes: 'Notes',
  users: 'Users',
  settings: 'Settings',
};

/**
 * Whether a member may open a tab. deviceManager DENY hides devices and the vessel's locations
 * (spec 6); the other areas follow their own permission.
 */
export function mayOpenTab(permissions: PermissionSet, tab: VesselTab): boolean {
  switch (tab) {
    case 'devices':
      return atLeast(permissions.deviceManager, 'VIEW');
    case 'alerts':
      return atLeast(permissions.alertManager, 'VIEW');
    case 'location':
      return atLeast(permissions.deviceManager, 'VIEW') && permissions.allowLocationServices;
    case 'documents':
      return atLeast(permissions.documents, 'VIEW');
    case 'users':
      return atLeast(permissions.userManager, 'VIEW');
    default:
      return true;
  }
}

export function visibleTabs(permissions: PermissionSet): VesselTab[] {
  return VESSEL_TABS.filter((tab) => mayOpenTab(permissions, tab));
}

/** Sending commands needs deviceManager VIEW and allowDeviceControl (API.md). */
export function canControlDevices(permissions: PermissionSet): boolean {
  return atLeast(permissions.deviceManager, 'VIEW') && permissions.allowDeviceControl;
}
