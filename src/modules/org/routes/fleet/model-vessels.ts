import { callerOf, defineRoute } from '../../../../platform/routes.js';
import { idParams } from '../../schemas.js';
import type { FleetService } from '../../fleet-service.js';

/** GET vesselModels/{id}/vessels: for the model’s manufacturer (and administrators); anyone else gets 404. */
export const modelVessels = (svc: FleetService) =>
  defineRoute<{ Params: { id: number } }>({
    method: 'GET',
    path: '/api/vesselModels/{id}/vessels',
    options: {
      tags: ['api', 'org'],
      description: 'Vessels built on a model whose owners consented',
      validate: { params: idParams },
      async handler(request) {
        return svc.vesselsOfModel(callerOf(request), request.params.id);
      },
    },
  });
