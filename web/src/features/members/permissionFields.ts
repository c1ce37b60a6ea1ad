import type { Level, PermissionSet } from '../vessels/types';

type LevelKey = { [K in keyof PermissionSet]: PermissionSet[K] extends Level ? K : never }[keyof PermissionSet];
type FlagKey = { [K in keyof PermissionSet]: PermissionSet[K] extends boolean ? K : never }[keyof PermissionSet];

export const LEVEL_FIELDS: Array<{ key: LevelKey; label: string }> = [
  { key: 'deviceManager', label: 'Devices' },
  { key: 'alertManager', label: 'Alerts' },
  { key: 'routineManager', label: 'Routines' },
  { key: 'documents', label: 'Documents' },
  { key: 'userManager', label: 'Users' },
  { key: 'securityManager', label: 'Security (geofence, cameras)' },
  { key: 'billingManager', label: 'Billing' },
  { key: 'auditLogs', label: 'Audit logs' },
];

export const FLAG_FIELDS: Array<{ key: FlagKey; label: string }> = [
  { key: 'allowDeviceControl', label: 'Control devices' },
  { key: 'allowEditVessel', label: 'Edit the vessel' },
  { key: 'allowLocationServices', label: 'See location and geofence' },
  { key: 'allowGrantTechnicalAccess', label: 'Grant technical access to companies' },
  { key: 'receiveNotifications', label: 'Receive notifications' },
];

export const PERMISSION_LEVELS: Level[] = ['DENY', 'VIEW', 'MANAGE'];

export function samePermissions(a: PermissionSet, b: PermissionSet): boolean {
  return [...LEVEL_FIELDS, ...FLAG_FIELDS].every(({ key }) => a[key] === b[key]);
}
