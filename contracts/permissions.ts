/**
 * The per-vessel permission model (docs/api.md, "Permission model"): eight areas with
 * DENY < VIEW < MANAGE and five booleans. The owner holds everything; everyone else starts
 * from nothing.
 */
export const PERMISSION_AREAS = [
  'alertManager',
  'auditLogs',
  'deviceManager',
  'documents',
  'routineManager',
  'userManager',
  'securityManager',
  'billingManager',
] as const;
export type PermissionArea = (typeof PERMISSION_AREAS)[number];

export const PERMISSION_FLAGS = [
  'allowDeviceControl',
  'allowEditVessel',
  'allowLocationServices',
  'allowGrantTechnicalAccess',
  'receiveNotifications',
] as const;
export type PermissionFlag = (typeof PERMISSION_FLAGS)[number];

export const LEVELS = ['DENY', 'VIEW', 'MANAGE'] as const;
export type Level = (typeof LEVELS)[number];

export type PermissionSet = Record<PermissionArea, Level> & Record<PermissionFlag, boolean>;

const everyArea = (level: Level) => Object.fromEntries(PERMISSION_AREAS.map((a) => [a, level])) as Record<PermissionArea, Level>;
const everyFlag = (value: boolean) => Object.fromEntries(PERMISSION_FLAGS.map((f) => [f, value])) as Record<PermissionFlag, boolean>;

export const NO_PERMISSIONS: PermissionSet = Object.freeze({ ...everyArea('DENY'), ...everyFlag(false) });
export const OWNER_PERMISSIONS: PermissionSet = Object.freeze({ ...everyArea('MANAGE'), ...everyFlag(true) });

/** A missing level (an older or partial set) counts as DENY. */
export const atLeast = (held: Level | undefined, needed: Level): boolean => LEVELS.indexOf(held ?? 'DENY') >= LEVELS.indexOf(needed);

/** A stored (possibly partial or older) set, completed with the defaults. */
export function normalisePermissions(stored: unknown): PermissionSet {
  const raw = (typeof stored === 'string' ? JSON.parse(stored) : stored) as Partial<Record<string, unknown>> | null;
  const out: PermissionSet = { ...NO_PERMISSIONS };
  for (const area of PERMISSION_AREAS) {
    const level = raw?.[area];
    if (typeof level === 'string' && (LEVELS as readonly string[]).includes(level)) out[area] = level as Level;
  }
  for (const flag of PERMISSION_FLAGS) {
    const value = raw?.[flag];
    if (typeof value === 'boolean') out[flag] = value;
  }
  return out;
}

/** The most of `wanted` that `held` allows: a grant never exceeds what the granter holds. */
export function boundedBy(wanted: PermissionSet, held: PermissionSet): PermissionSet {
  const out: PermissionSet = { ...wanted };
  for (const area of PERMISSION_AREAS) if (!atLeast(held[area], wanted[area])) out[area] = held[area];
  for (const flag of PERMISSION_FLAGS) out[flag] = wanted[flag] && held[flag];
  return out;
}

/** True when `wanted` asks for nothing beyond `held`. */
export const withinHeld = (wanted: PermissionSet, held: PermissionSet): boolean =>
  PERMISSION_AREAS.every((a) => atLeast(held[a], wanted[a])) && PERMISSION_FLAGS.every((f) => !wanted[f] || held[f]);

/**
 * A company grant's window (docs/api.md, "Permission model"): it may start and end by itself.
 * `current` grants work now; `scheduled` ones have not started; `expired` ones have ended.
 */
export type AccessWindowState = 'current' | 'scheduled' | 'expired';

export interface AccessWindow {
  /** ISO time the access starts, or null for "from when it was given". */
  startsAt: string | null;
  /** ISO time the access ends (exclusive), or null for "until revoked". */
  endsAt: string | null;
}

export function windowState(window: AccessWindow, nowMs: number): AccessWindowState {
  if (window.startsAt !== null && nowMs < Date.parse(window.startsAt)) return 'scheduled';
  if (window.endsAt !== null && nowMs >= Date.parse(window.endsAt)) return 'expired';
  return 'current';
}
