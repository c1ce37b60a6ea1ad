/**
 * What the contract says each caller gets from a route (docs/security.md, "Authorization
 * matrix"), derived from the route's entry in matrix.ts.
 */
import { atLeast } from '../../contracts/permissions.js';
import type { AccessNeed } from '../../src/modules/access/api.js';
import type { RoleAccess } from './roles.js';

/**
 * `user-stream`: any signed-in user, answered with server-sent events (only probed for refusals).
 * A vessel audience with an `entity` is keyed by an entity of the vessel (a property, a device...)
 * at `param`, `query` or `payload`: the probes name none, so every signed-in caller gets that
 * entity's 404, and the route's own tests hold its needs.
 */
export type Audience =
  'public' | 'user' | 'user-stream' | 'admin' | { vessel: AccessNeed[]; entity?: string; param?: string; query?: string; payload?: string; stream?: true };

/** `pass` = authorization let the caller through (the answer may still be 400 or a missing sub-object). */
export type Expected = 401 | 403 | 404 | 'pass';

export function expected(audience: Audience, role: RoleAccess, ownObject: boolean): Expected {
  if (audience === 'public') return 'pass';
  if (!role.token) return 401;
  if (audience === 'user' || audience === 'user-stream') return 'pass';
  if (audience === 'admin') return role.admin ? 'pass' : 403;
  if (audience.entity) return 'pass';
  if (!ownObject) return role.ownsForeignVessel ? 'pass' : 404;
  if (!role.permissions) return 404;
  if (role.paused) return 403;
  const held = role.permissions;
  const met = audience.vessel.every((need) => ('owner' in need ? role.owner : 'flag' in need ? held[need.flag] : atLeast(held[need.area], need.level)));
  return met ? 'pass' : 403;
}

export function matches(want: Expected, status: number, body: { message?: string }): boolean {
  if (want === 'pass') return status !== 401 && status !== 403 && !(status === 404 && body.message === 'Vessel not found') && status < 500;
  return status === want;
}
