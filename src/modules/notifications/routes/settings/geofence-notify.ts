import Boom from '@hapi/boom';
import Joi from 'joi';
import { auditTarget } from '../../../../platform/audit.js';
import type { AppContext } from '../../../../platform/context.js';
import { defineRoute } from '../../../../platform/routes.js';
import { allows, type AccessNeed, vesselOf } from '../../../access/api.js';
import { listVessels, membersOfVessel } from '../../../vessel/api.js';
import { geofenceNotifyOf, setGeofenceNotify } from '../../repository.js';
import { vesselParams } from './support.js';

const USERS_VIEW: AccessNeed = { area: 'userManager', level: 'VIEW' };
const USERS_MANAGE: AccessNeed = { area: 'userManager', level: 'MANAGE' };

/** The owner and the active members (with a user) of a vessel. */
async function peopleOf(ctx: AppContext, vesselId: number): Promise<number[]> {
  const [vessel] = await listVessels(ctx.db, { ids: [vesselId] });
  const members = (await membersOfVessel(ctx.db, vesselId)).filter((m) => m.userId !== null && m.status === 'active').map((m) => m.userId!);
  return vessel ? [vessel.ownerId, ...members] : members;
}

/**
 * POST vessel/{id}/geofenceNotify/{userId}/{state}: whether a person gets the vessel's geofence
 * alarms; a member sets their own, userManager MANAGE anybody's on the vessel.
 */
export const setGeofenceNotifyRoute = (ctx: AppContext) =>
  defineRoute<{ Params: { id: number; userId: number; state: boolean } }>({
    method: 'POST',
    path: '/api/vessel/{id}/geofenceNotify/{userId}/{state}',
    options: {
      tags: ['api', 'vessel', 'alerts'],
      description: "Turn a person's geofence alarm notifications on (true) or off (false): your own as any member, anybody's with userManager MANAGE",
      validate: { params: vesselParams.keys({ userId: Joi.number().integer().required(), state: Joi.boolean().required() }) },
      plugins: { vessel: {} },
      async handler(request) {
        const { vesselId, caller, access } = vesselOf(request);
        const { userId, state } = request.params;
        if (userId !== caller.id && !allows(access, USERS_MANAGE)) throw Boom.forbidden("Changing another person's notifications needs userManager MANAGE");
        if (!(await peopleOf(ctx, vesselId)).includes(userId)) throw Boom.notFound('No such person on this vessel');
        auditTarget(request, { targetType: 'user', targetId: userId, vesselId, details: { geofenceNotify: state } });
        await setGeofenceNotify(ctx.db, vesselId, userId, state);
        return { userId, enabled: state };
      },
    },
  });

/** GET vessel/{id}/geofenceNotify/permissions: who gets the geofence alarms (yourself; everybody with userManager VIEW). */
export const geofenceNotifyPermissions = (ctx: AppContext) =>
  defineRoute<{ Params: { id: number } }>({
    method: 'GET',
    path: '/api/vessel/{id}/geofenceNotify/permissions',
    options: {
      tags: ['api', 'vessel', 'alerts'],
      description:
        "Whether each person gets the vessel's geofence alarms and whether you may change it: yourself as any member, everybody with userManager VIEW",
      validate: { params: vesselParams },
      plugins: { vessel: {} },
      async handler(request) {
        const { vesselId, caller, access } = vesselOf(request);
        const states = await geofenceNotifyOf(ctx.db, vesselId);
        const people = allows(access, USERS_VIEW) ? await peopleOf(ctx, vesselId) : [caller.id];
        const manage = allows(access, USERS_MANAGE);
        return [...new Set(people)].map((userId) => ({ userId, enabled: states.get(userId) ?? true, canChange: manage || userId === caller.id }));
      },
    },
  });
