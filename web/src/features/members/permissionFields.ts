import { LEVELS, type Level, type PermissionArea, type PermissionFlag, type PermissionSet } from '../../../../contracts/permissions';
import { i18n } from '../../i18n';

// The labels are read in the current language each time (the members namespace).
const labelled = <K extends string>(keys: readonly K[], label: (key: K) => string): Array<{ key: K; label: string }> =>
  keys.map((key) => ({
    key,
    get label() {
      return label(key);
    },
  }));

export const LEVEL_FIELDS: Array<{ key: PermissionArea; label: string }> = labelled<PermissionArea>(
  ['deviceManager', 'alertManager', 'routineManager', 'documents', 'userManager', 'securityManager', 'billingManager', 'auditLogs'],
  (key) => i18n.t(`members:areas.${key}`),
);

export const FLAG_FIELDS: Array<{ key: PermissionFlag; label: string }> = labelled<PermissionFlag>(
  ['allowDeviceControl', 'allowEditVessel', 'allowLocationServices', 'allowGrantTechnicalAccess', 'receiveNotifications'],
  (key) => i18n.t(`members:flags.${key}`),
);

export const PERMISSION_LEVELS: readonly Level[] = LEVELS;

export function samePermissions(a: PermissionSet, b: PermissionSet): boolean {
  return [...LEVEL_FIELDS, ...FLAG_FIELDS].every(({ key }) => a[key] === b[key]);
}
