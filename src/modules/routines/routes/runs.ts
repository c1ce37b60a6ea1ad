import { defineRoute } from '../../../platform/routes.js';
import { vesselOf } from '../../access/api.js';
import { routineParams } from '../schemas.js';
import type { RoutinesService } from '../service.js';
import { type RoutineParams, ROUTINES_VIEW } from './support.js';

/** GET vessel/{id}/routines/{routineId}/runs (routineManager VIEW): the traces of its last 50 runs, newest first. */
export const routineRuns = (routines: RoutinesService) =>
  defineRoute<{ Params: RoutineParams }>({
    method: 'GET',
    path: '/api/vessel/{id}/routines/{routineId}/runs',
    options: {
      tags: ['api', 'vessel', 'routines'],
      description: "A routine's last 50 runs, newest first: what triggered each, every condition's result and every action's outcome (routineManager VIEW)",
      validate: { params: routineParams },
      plugins: { vessel: { needs: [ROUTINES_VIEW] } },
      handler: (request) => routines.runs(vesselOf(request).vesselId, request.params.routineId),
    },
  });
