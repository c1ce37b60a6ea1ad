import { defineRoute } from '../../../platform/routes.js';
import { vesselOf } from '../../access/api.js';
import { routineParams } from '../schemas.js';
import type { RoutinesService } from '../service.js';
import { type RoutineParams, ROUTINES_VIEW } from './support.js';

/** GET vessel/{id}/routines/{routineId} (routineManager VIEW). */
export const getRoutine = (routines: RoutinesService) =>
  defineRoute<{ Params: RoutineParams }>({
    method: 'GET',
    path: '/api/vessel/{id}/routines/{routineId}',
    options: {
      tags: ['api', 'vessel', 'routines'],
      description: 'One routine (routineManager VIEW)',
      validate: { params: routineParams },
      plugins: { vessel: { needs: [ROUTINES_VIEW] } },
      handler: (request) => routines.get(vesselOf(request).vesselId, request.params.routineId),
    },
  });
