/**
 * What a vessel's alert routes share (alertManager VIEW to read, MANAGE to acknowledge and
 * silence): the permissions, the parameters, and the alerts the caller may reach.
 */
import Boom from '@hapi/boom';
import type { AuthCredentials, RequestApplicationState } from '@hapi/hapi';
import Joi from 'joi';
import type { AppContext } from '../../../../platform/context.js';
import { auditTarget } from '../../../../platform/audit.js';
import { callerOf } from '../../../../platform/routes.js';
import { type AccessApi, ALERTS_VIEW, allows, vesselOf } from '../../../access/api.js';
import { bridgesOfVessels } from '../../../bridges/api.js';
import { SILENCE_MAX_SECONDS } from '../../lifecycle.js';
import * as repo from '../../repository.js';

export const DAY_MS = 24 * 3600 * 1000;

export const vesselParams = Joi.object({ id: Joi.number().integer().required() });
export const alertParams = vesselParams.keys({ alertId: Joi.number().integer().required() });
export const silencePayload = Joi.object({ seconds: Joi.number().integer().min(1).max(SILENCE_MAX_SECONDS) }).allow(null);

export type SilencePayload = { seconds?: number } | null;

/** What these helpers read of a request, whatever its route's parameters. */
type ScopedRequest = { app: RequestApplicationState; route: { path: string } };
type CallerRequest = { auth: { credentials: AuthCredentials }; route: { path: string } };

/** The vessel in the path, recorded as the audit target of a change to its alerts. */
export function managedVessel(request: ScopedRequest) {
  const scope = vesselOf(request);
  auditTarget(request, { targetType: 'vessel', targetId: scope.vesselId, vesselId: scope.vesselId });
  return scope;
}

/** An alert of the vessel in the path the caller may manage (404 for any other). */
export async function managedAlert(ctx: AppContext, request: ScopedRequest, alertId: number) {
  const { vesselId, bridge } = managedVessel(request);
  const alert = await repo.findAlert(ctx.db, alertId);
  if (!alert || !bridge || alert.bridgeId !== bridge.id) throw Boom.notFound('Alert not found');
  auditTarget(request, { targetType: 'alert', targetId: alertId });
  return { vesselId, alert };
}

/** Bridges (with their vessel) whose alerts the caller may read. */
export async function readableVessels(ctx: AppContext, access: AccessApi, request: CallerRequest): Promise<Map<number, number>> {
  const readable = [...(await access.accessesOf(callerOf(request).id)).values()].filter((a) => allows(a, ALERTS_VIEW)).map((a) => a.vesselId);
  const bridges = await bridgesOfVessels(ctx.db, readable);
  return new Map([...bridges].map(([vesselId, bridge]) => [bridge.id, vesselId]));
}
