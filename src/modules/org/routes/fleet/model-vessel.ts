import Joi from 'joi';
import { callerOf, defineRoute } from '../../../../platform/routes.js';
import type { FleetService } from '../../fleet-service.js';

const params = Joi.object({ id: Joi.number().integer().min(1).required(), vesselId: Joi.number().integer().min(1).required() });

/** GET vesselModels/{id}/vessels/{vesselId}: one consenting vessel, read-only, for the model’s manufacturer (and administrators); anyone else gets 404. */
export const modelVessel = (svc: FleetService) =>
  defineRoute<{ Params: { id: number; vesselId: number } }>({
    method: 'GET',
    path: '/api/vesselModels/{id}/vessels/{vesselId}',
    options: {
      tags: ['api', 'org'],
      description: 'A consenting vessel of one of your models: its model, online state and alarms of the last 30 days',
      validate: { params },
      async handler(request) {
        return svc.vesselOfModel(callerOf(request), request.params.id, request.params.vesselId);
      },
    },
  });
