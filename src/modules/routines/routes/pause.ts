import Joi from 'joi';
import { auditTarget } from '../../../platform/audit.js';
import { defineRoute } from '../../../platform/routes.js';
import { vesselOf } from '../../access/api.js';
import { routineParams } from '../schemas.js';
import type { RoutinesService } from '../service.js';
import { type RoutineParams, ROUTINES_MANAGE } from './support.js';

/** POST vessel/{id}/routines/{routineId}/pause/{state} (routineManager MANAGE): true pauses, false resumes. */
export const pauseRoutine = (routines: RoutinesService) =>
  defineRoute<{ Params: RoutineParams & { state: boolean } }>({
    method: 'POST',
    path: '/api/vessel/{id}/routines/{routineId}/pause/{state}',
    options: {
      tags: ['api', 'vessel', 'routines'],
      description:
        'Pause (state=true) or resume (state=false) a routine; a resumed schedule does not catch up on runs missed while paused (routineManager MANAGE)',
      validate: { params: routineParams.keys({ state: Joi.boolean().truthy('true').falsy('false').required() }) },
      plugins: { vessel: { needs: [ROUTINES_MANAGE] } },
      async handler(request) {
        const { vesselId } = vesselOf(request);
        const { routineId, state } = request.params;
        auditTarget(request, { targetType: 'routine', targetId: routineId, vesselId, details: { paused: state } });
        return routines.setEnabled(vesselId, routineId, !state);
      },
    },
  });
