import { hasLevel, type PermissionSet } from './types';

export const VESSEL_TABS = ['OVERVIEW', 'DEVICES', 'ALERTS', 'LOCATION', 'DOCUMENTS', 'NOTES', 'USERS', 'SETTINGS'] as const;
export type VesselTab = (typeof VESSEL_TABS)[number];

/** The vessel dashboard opens on OVERVIEW (spec 9). */
export const DEFAULT_VESSEL_TAB: VesselTab = 'OVERVIEW';

export const VESSEL_TAB_LABELS: Record<VesselTab, string> = {
  OVERVIEW: 'Overview',
  DEVICES: 'Devices',
  ALERTS: 'Alerts',
  LOCATION: 'Location',
  DOCUMENTS: 'Documents',
  NOTES: 'Notes',
  USERS: 'Users',
  SETTINGS: 'Settings',
};

/** The `tab` search parameter, matched ignoring case; anything else is the default tab. */
export function matchVesselTab(raw: unknown): VesselTab {
  const candidate = typeof raw === 'string' ? raw.trim().toUpperCase() : '';
  return VESSEL_TABS.find((tab) => tab === candidate) ?? DEFAULT_VESSEL_TAB;
}

/**
 * The tabs a member may open. deviceManager DENY hides devices and the vessel's locations
 * (spec 6); the other areas follow their own permission.
 */
export function visibleTabs(permissions: PermissionSet): VesselTab[] {
  return VESSEL_TABS.filter((tab) => {
    switch (tab) {
      case 'DEVICES':
        return hasLevel(permissions.deviceManager, 'VIEW');
      case 'ALERTS':
        return hasLevel(permissions.alertManager, 'VIEW');
      case 'LOCATION':
        return hasLevel(permissions.deviceManager, 'VIEW') && permissions.allowLocationServices;
      case 'DOCUMENTS':
        return hasLevel(permissions.documents, 'VIEW');
      case 'USERS':
        return hasLevel(permissions.userManager, 'VIEW');
      default:
        return true;
    }
  });
}

/** Sending commands needs deviceManager VIEW and allowDeviceControl (API.md). */
export function canControlDevices(permissions: PermissionSet): boolean {
  return hasLevel(permissions.deviceManager, 'VIEW') && permissions.allowDeviceControl;
}
