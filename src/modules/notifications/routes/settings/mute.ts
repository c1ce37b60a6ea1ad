import Joi from 'joi';
import type { AppContext } from '../../../../platform/context.js';
import { defineRoute } from '../../../../platform/routes.js';
import { vesselOf } from '../../../access/api.js';
import * as repo from '../../repository.js';
import { vesselParams } from './support.js';

/** POST vessel/{id}/alerts/mute {muted}: any member stops or resumes the vessel's alarm e-mails to them. */
export const muteAlerts = (ctx: AppContext) =>
  defineRoute<{ Params: { id: number }; Payload: { muted: boolean } }>({
    method: 'POST',
    path: '/api/vessel/{id}/alerts/mute',
    options: {
      tags: ['api', 'vessel', 'alerts'],
      description: "Stop (muted=true) or resume (muted=false) the vessel's alarm e-mails to you; the app still shows them (any member)",
      validate: { params: vesselParams, payload: Joi.object({ muted: Joi.boolean().required() }) },
      plugins: { vessel: {} },
      async handler(request) {
        const { vesselId, caller } = vesselOf(request);
        const { muted } = request.payload;
        await repo.setMuted(ctx.db, vesselId, caller.id, muted);
        return { vesselId, muted };
      },
    },
  });
