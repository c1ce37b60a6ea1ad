/**
 * What every devices route starts with: the caller, their access to the vessel, and the
 * vessel's bridge (null when none is paired, so the vessel simply has no data yet).
 */
import Boom from '@hapi/boom';
import type { Request } from '@hapi/hapi';
import type { Database } from '../../../db/knex.js';
import type { SessionCredentials } from '../../auth/api.js';
import { bridgeOfVessel, type VesselBridge } from '../../bridges/api.js';
import { type AccessNeed, requireAccess, type VesselAccess } from '../../vessel/api.js';

export const DEVICES_VIEW: AccessNeed = { area: 'deviceManager', level: 'VIEW' };
export const DEVICES_MANAGE: AccessNeed = { area: 'deviceManager', level: 'MANAGE' };
export const DAY_MS = 24 * 3600 * 1000;

export const callerId = (request: Request): number => (request.auth.credentials as unknown as SessionCredentials).user.id;

export async function vesselAndBridge(db: Database, request: Request, vesselId: number, ...needs: AccessNeed[]): Promise<{ access: VesselAccess; bridge: VesselBridge | null }> {
  const access = await requireAccess(db, callerId(request), vesselId, ...needs);
  return { access, bridge: await bridgeOfVessel(db, vesselId) };
}

/** A time range from optional ISO ends: `to` defaults to now, `from` to `defaultSpanMs` before it. */
export function rangeOf(from: string | undefined, to: string | undefined, defaultSpanMs: number): { fromMs: number; toMs: number } {
  const toMs = to ? Date.parse(to) : Date.now();
  const fromMs = from ? Date.parse(from) : toMs - defaultSpanMs;
  if (fromMs > toMs) throw Boom.badRequest('from must be before to');
  return { fromMs, toMs };
}
