import Joi from 'joi';
import { auditTarget } from '../../../../platform/audit.js';
import { defineRoute } from '../../../../platform/routes.js';
import { type Grants, vesselOf } from '../../../access/api.js';
import { idParams } from '../../schemas.js';

/** POST vessel/{id}/pause {userId, paused}: a paused member keeps their permissions but may do nothing (userManager MANAGE). */
export const pauseMember = (grants: Grants) =>
  defineRoute<{ Params: { id: number }; Payload: { userId: number; paused: boolean } }>({
    method: 'POST',
    path: '/api/vessel/{id}/pause',
    options: {
      tags: ['api', 'vessel'],
      description: "Pause or resume a member's access (needs userManager MANAGE)",
      validate: { params: idParams, payload: Joi.object({ userId: Joi.number().integer().required(), paused: Joi.boolean().required() }) },
      plugins: { vessel: { needs: [{ area: 'userManager', level: 'MANAGE' }] } },
      async handler(request) {
        const scope = vesselOf(request);
        const { userId, paused } = request.payload;
        auditTarget(request, { targetType: 'user', targetId: userId, vesselId: scope.vesselId, details: { paused } });
        await grants.pauseMember(scope, userId, paused);
        return { userId, paused };
      },
    },
  });
