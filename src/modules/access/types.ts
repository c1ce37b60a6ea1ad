/** The shapes of access, shared by the access module's files (api.ts re-exports them). */
import type { Caller } from '../../platform/routes.js';
import type { Level, PermissionArea, PermissionFlag, PermissionSet } from '../../../contracts/permissions.js';

export type VesselRole = 'owner' | 'member' | 'company';

export interface VesselAccess {
  vesselId: number;
  ownerId: number;
  role: VesselRole;
  /** The company the access comes through (role `company`). */
  companyId: number | null;
  paused: boolean;
  permissions: PermissionSet;
  /** The company grant the access comes through, with its end and whether anyone worked under it yet (role `company`). */
  companyGrant: { id: number; endsAt: string | null; used: boolean } | null;
}

export type AccessNeed = { area: PermissionArea; level: Level } | { flag: PermissionFlag } | { owner: true };

/** The paired bridge as vessel-scoped routes see it. */
export interface ScopeBridge {
  id: number;
  serial: string;
  online: boolean;
  lastSeen: string | null;
}

export interface VesselScope {
  vesselId: number;
  caller: Caller;
  access: VesselAccess;
  bridge: ScopeBridge | null;
}
