import Joi from 'joi';
import type { Condition } from '../../../../contracts/routines.js';
import { defineRoute } from '../../../platform/routes.js';
import { vesselOf } from '../../access/api.js';
import { condition, MAX_CONDITIONS, vesselParams } from '../schemas.js';
import type { RoutinesService } from '../service.js';
import { ROUTINES_VIEW } from './support.js';

/**
 * POST vessel/{id}/routines/testConditions?matchAll= {conditions, timeZone?} (routineManager
 * VIEW): whether each condition holds now and why, and whether they hold together.
 */
export const testConditions = (routines: RoutinesService) =>
  defineRoute<{ Params: { id: number }; Query: { matchAll: boolean }; Payload: { conditions: Condition[]; timeZone?: string } }>({
    method: 'POST',
    path: '/api/vessel/{id}/routines/testConditions',
    options: {
      tags: ['api', 'vessel', 'routines'],
      description: 'Whether each condition holds now on the vessel, with the value it saw, and whether all (matchAll=true) or any hold (routineManager VIEW)',
      validate: {
        params: vesselParams,
        query: Joi.object({ matchAll: Joi.boolean().default(true) }),
        payload: Joi.object({ conditions: Joi.array().items(condition).max(MAX_CONDITIONS).required(), timeZone: Joi.string().trim().max(64) }),
      },
      plugins: { vessel: { needs: [ROUTINES_VIEW] } },
      async handler(request) {
        const { vesselId, caller } = vesselOf(request);
        return routines.testConditions(vesselId, caller.id, request.payload.conditions, request.query.matchAll, request.payload.timeZone);
      },
    },
  });
