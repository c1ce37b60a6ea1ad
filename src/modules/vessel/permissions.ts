/**
 * The per-vessel permission model of API.md: eight areas with DENY < VIEW < MANAGE and five
 * booleans. The owner holds everything; everyone else starts from nothing.
 */
import Joi from 'joi';

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

export const atLeast = (held: Level, needed: Level): boolean => LEVELS.indexOf(held) >= LEVELS.indexOf(needed);

/** A stored (possibly partial or older) set, completed with the defaults. */
export function normalisePermissions(stored: unknown): PermissionSet {
  const raw = (typeof stored === 'string' ? JSON.parse(stored) : stored) as Partial<PermissionSet> | null;
  const out: Record<string, unknown> = { ...NO_PERMISSIONS };
  for (const area of PERMISSION_AREAS) if (raw && LEVELS.includes(raw[area] as Level)) out[area] = raw[area];
  for (const flag of PERMISSION_FLAGS) if (raw && typeof raw[flag] === 'boolean') out[flag] = raw[flag];
  return out as PermissionSet;
}

export const permissionSetSchema = Joi.object({
  ...Object.fromEntries(PERMISSION_AREAS.map((a) => [a, Joi.string().valid(...LEVELS)])),
  ...Object.fromEntries(PERMISSION_FLAGS.map((f) => [f, Joi.boolean()])),
}).label('PermissionSet');
