import { defineRoute } from '../../../platform/routes.js';
import { vesselOf } from '../../access/api.js';
import { vesselParams } from '../schemas.js';
import type { RoutinesService } from '../service.js';
import { ROUTINES_VIEW } from './support.js';

/** GET vessel/{id}/routines (routineManager VIEW): each routine with its last run and next scheduled run. */
export const listRoutines = (routines: RoutinesService) =>
  defineRoute<{ Params: { id: number } }>({
    method: 'GET',
    path: '/api/vessel/{id}/routines',
    options: {
      tags: ['api', 'vessel', 'routines'],
      description: "The vessel's routines, each with its last run and next scheduled run (routineManager VIEW)",
      validate: { params: vesselParams },
      plugins: { vessel: { needs: [ROUTINES_VIEW] } },
      handler: (request) => routines.list(vesselOf(request).vesselId),
    },
  });
