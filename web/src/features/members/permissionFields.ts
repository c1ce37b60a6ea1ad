import { LEVELS, type Level, type PermissionArea, type PermissionFlag, type PermissionSet } from '../../../../contracts/permissions';

export const LEVEL_FIELDS: Array<{ key: PermissionArea; label: string }> = [
  { key: 'deviceManager', label: 'Devices' },
  { key: 'alertManager', label: 'Alerts' },
  { key: 'routineManager', label: 'Routines' },
  { key: 'documents', label: 'Documents' },
  { key: 'userManager', label: 'Users' },
  { key: 'securityManager', label: 'Security (geofence, cameras)' },
  { key: 'billingManager', label: 'Billing' },
  { key: 'auditLogs', label: 'Audit logs' },
];

export const FLAG_FIELDS: Array<{ key: PermissionFlag; label: string }> = [
  { key: 'allowDeviceControl', label: 'Control devices' },
  { key: 'allowEditVessel', label: 'Edit the vessel' },
  { key: 'allowLocationServices', label: 'See location and geofence' },
  { key: 'allowGrantTechnicalAccess', label: 'Grant technical access to companies' },
  { key: 'receiveNotifications', label: 'Receive notifications' },
];

export const PERMISSION_LEVELS: readonly Level[] = LEVELS;

export function samePermissions(a: PermissionSet, b: PermissionSet): boolean {
  return [...LEVEL_FIELDS, ...FLAG_FIELDS].every(({ key }) => a[key] === b[key]);
}
