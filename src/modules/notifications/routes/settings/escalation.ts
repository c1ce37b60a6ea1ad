import Boom from '@hapi/boom';
import Joi from 'joi';
import { auditTarget } from '../../../../platform/audit.js';
import type { AppContext } from '../../../../platform/context.js';
import { defineRoute } from '../../../../platform/routes.js';
import { ALERTS_MANAGE, ALERTS_VIEW, vesselOf } from '../../../access/api.js';
import { type EscalationStep, ladderOf, replaceLadder } from '../../repository.js';
import { escalationStep, vesselParams } from './support.js';

/** GET vessel/{id}/escalation: the vessel's escalation ladder, in order (alertManager VIEW). */
export const getEscalation = (ctx: AppContext) =>
  defineRoute<{ Params: { id: number } }>({
    method: 'GET',
    path: '/api/vessel/{id}/escalation',
    options: {
      tags: ['api', 'vessel', 'alerts'],
      description:
        "The vessel's escalation ladder: ordered steps, each a target told `afterMinutes` after an alarm nobody has acknowledged (alertManager VIEW)",
      validate: { params: vesselParams },
      plugins: { vessel: { needs: [ALERTS_VIEW] } },
      handler: async (request) => ({ steps: await ladderOf(ctx.db, vesselOf(request).vesselId) }),
    },
  });

/** PUT vessel/{id}/escalation {steps}: replaces the ladder; an empty one tells everyone at once (alertManager MANAGE). */
export const putEscalation = (ctx: AppContext) =>
  defineRoute<{ Params: { id: number }; Payload: { steps: EscalationStep[] } }>({
    method: 'PUT',
    path: '/api/vessel/{id}/escalation',
    options: {
      tags: ['api', 'vessel', 'alerts'],
      description: 'Replace the escalation ladder (at most 10 steps, `afterMinutes` never decreasing; none: everyone told at once) (alertManager MANAGE)',
      validate: { params: vesselParams, payload: Joi.object({ steps: Joi.array().items(escalationStep).max(10).required() }) },
      plugins: { vessel: { needs: [ALERTS_MANAGE] } },
      async handler(request) {
        const { vesselId } = vesselOf(request);
        auditTarget(request, { targetType: 'vessel', targetId: vesselId, vesselId });
        const { steps } = request.payload;
        if (steps.some((s, i) => i > 0 && s.afterMinutes < steps[i - 1].afterMinutes))
          throw Boom.badRequest('Each step must come at or after the one before it');
        await replaceLadder(ctx.db, vesselId, steps);
        return { steps: await ladderOf(ctx.db, vesselId) };
      },
    },
  });
