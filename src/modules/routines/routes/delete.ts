import { auditTarget } from '../../../platform/audit.js';
import { defineRoute } from '../../../platform/routes.js';
import { vesselOf } from '../../access/api.js';
import { routineParams } from '../schemas.js';
import type { RoutinesService } from '../service.js';
import { type RoutineParams, ROUTINES_MANAGE } from './support.js';

/** DELETE vessel/{id}/routines/{routineId} (routineManager MANAGE): the routine and its traces. */
export const deleteRoutine = (routines: RoutinesService) =>
  defineRoute<{ Params: RoutineParams }>({
    method: 'DELETE',
    path: '/api/vessel/{id}/routines/{routineId}',
    options: {
      tags: ['api', 'vessel', 'routines'],
      description: 'Delete a routine and its traces (routineManager MANAGE)',
      validate: { params: routineParams },
      plugins: { vessel: { needs: [ROUTINES_MANAGE] } },
      async handler(request) {
        const { vesselId } = vesselOf(request);
        const { routineId } = request.params;
        auditTarget(request, { targetType: 'routine', targetId: routineId, vesselId });
        await routines.remove(vesselId, routineId);
        return { id: routineId, deleted: true };
      },
    },
  });
