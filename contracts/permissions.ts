/**
 * The per-vessel permission model of API.md: eight areas with DENY < VIEW < MANAGE and five
 * booleans. The owner holds everything; everyone else starts from nothing. One model for the
 * server's checks and the web app's tabs and controls.
 */

export const PERMISSION_AREAS = ['alertManager', 'auditLogs', 'deviceManager', 'documents', 'routineManager', 'userManager', 'securityManager', 'billingManager'] as const;
export type PermissionArea = (typeof PERMISSION_AREAS)[number];

export const PERMISSION_FLAGS = ['allowDeviceControl', 'allowEditVessel', 'allowLocationServices', 'allowGrantTechnicalAccess', 'receiveNotifications'] as const;
export type PermissionFlag = (typeof PERMISSION_FLAGS)[number];

export const LEVELS = ['DENY', 'VIEW', 'MANAGE'] as const;
export type Level = (typeof LEVELS)[number];

export type PermissionSet = Record<PermissionArea, Level> & Record<PermissionFlag, boolean>;

export const NO_PERMISSIONS: PermissionSet = Object.freeze({
  ...(Object.fromEntries(PERMISSION_AREAS.map((a) => [a, 'DENY'])) as Record<PermissionArea, Level>),
  ...(Object.fromEntries(PERMISSION_FLAGS.map((f) => [f, false])) as Record<PermissionFlag, boolean>),
});

export const OWNER_PERMISSIONS: PermissionSet = Object.freeze({
  ...(Object.fromEntries(PERMISSION_AREAS.map((a) => [a, 'MANAGE'])) as Record<PermissionArea, Level>),
  ...(Object.fromEntries(PERMISSION_FLAGS.map((f) => [f, true])) as Record<PermissionFlag, boolean>),
});

/** A missing level (an older or partial set) counts as DENY. */
export const atLeast = (held: Level | undefined, needed: Level): boolean => LEVELS.indexOf(held ?? 'DENY') >= LEVELS.indexOf(needed);

/** A stored or received (possibly partial or older) set, completed with the defaults. */
export function normalisePermissions(stored: unknown): PermissionSet {
  const raw = (typeof stored === 'string' ? JSON.parse(stored) : stored) as Partial<PermissionSet> | null | undefined;
  const out: Record<string, unknown> = { ...NO_PERMISSIONS };
  for (const area of PERMISSION_AREAS) if (raw && LEVELS.includes(raw[area] as Level)) out[area] = raw[area];
  for (const flag of PERMISSION_FLAGS) if (raw && typeof raw[flag] === 'boolean') out[flag] = raw[flag];
  return out as PermissionSet;
}
