import Joi from 'joi';
import type { AppContext } from '../../../../platform/context.js';
import { defineRoute } from '../../../../platform/routes.js';
import { vesselOf } from '../../../access/api.js';
import * as repo from '../../repository.js';
import { vesselParams } from './support.js';

/**
 * GET vessel/{id}/userNotifications: whether the caller is told of the vessel's alarms away from
 * the app (any member). The same switch as `alerts/mute`: one per member and vessel.
 */
export const getOwnNotifications = (ctx: AppContext) =>
  defineRoute<{ Params: { id: number } }>({
    method: 'GET',
    path: '/api/vessel/{id}/userNotifications',
    options: {
      tags: ['api', 'vessel', 'alerts'],
      description: "Whether you receive the vessel's alarm notifications (false: you muted it), and whether your permissions let you (receiveNotifications)",
      validate: { params: vesselParams },
      plugins: { vessel: {} },
      async handler(request) {
        const { vesselId, caller, access } = vesselOf(request);
        const muted = (await repo.mutedUserIds(ctx.db, vesselId)).has(caller.id);
        return { vesselId, enabled: !muted, receiveNotifications: access.permissions.receiveNotifications };
      },
    },
  });

/** POST vessel/{id}/userNotifications/{state}: the caller mutes (false) or unmutes (true) the vessel for themselves (any member). */
export const setOwnNotifications = (ctx: AppContext) =>
  defineRoute<{ Params: { id: number; state: boolean } }>({
    method: 'POST',
    path: '/api/vessel/{id}/userNotifications/{state}',
    options: {
      tags: ['api', 'vessel', 'alerts'],
      description: "Receive (true) or stop (false) the vessel's alarm notifications yourself; no edit rights needed (any member)",
      validate: { params: vesselParams.keys({ state: Joi.boolean().required() }) },
      plugins: { vessel: {} },
      async handler(request) {
        const { vesselId, caller, access } = vesselOf(request);
        const { state } = request.params;
        await repo.setMuted(ctx.db, vesselId, caller.id, !state);
        return { vesselId, enabled: state, receiveNotifications: access.permissions.receiveNotifications };
      },
    },
  });
