import type { RoutineInput } from '../../../../contracts/routines.js';
import { auditTarget } from '../../../platform/audit.js';
import { defineRoute } from '../../../platform/routes.js';
import { vesselOf } from '../../access/api.js';
import { routinePayload, vesselParams } from '../schemas.js';
import type { RoutinesService } from '../service.js';
import { ROUTINES_MANAGE } from './support.js';

/**
 * POST vessel/{id}/routines/create (routineManager MANAGE): properties of this vessel only; a
 * command action also needs the author's device control (403), to a writable property.
 */
export const createRoutine = (routines: RoutinesService) =>
  defineRoute<{ Params: { id: number }; Payload: RoutineInput }>({
    method: 'POST',
    path: '/api/vessel/{id}/routines/create',
    options: {
      tags: ['api', 'vessel', 'routines'],
      description: 'Create a routine: triggers, conditions (all or any), actions and a mode for overlapping runs (routineManager MANAGE)',
      validate: { params: vesselParams, payload: routinePayload },
      plugins: { vessel: { needs: [ROUTINES_MANAGE] } },
      async handler(request) {
        const { vesselId, caller, access } = vesselOf(request);
        const routine = await routines.create(vesselId, { id: caller.id, access }, request.payload);
        auditTarget(request, { targetType: 'routine', targetId: routine.id, vesselId, details: { name: routine.name } });
        return routine;
      },
    },
  });
