import { defineRoute } from '../../../../platform/routes.js';
import { idParams } from '../../schemas.js';
import type { OrgService } from '../../service.js';

/** GET vesselModels/{id}: one model, 404 when unknown. */
export const vesselModel = (org: OrgService) =>
  defineRoute<{ Params: { id: number } }>({
    method: 'GET',
    path: '/api/vesselModels/{id}',
    options: {
      tags: ['api', 'catalogue'],
      description: 'One vessel model',
      validate: { params: idParams },
      handler: (request) => org.model(request.params.id),
    },
  });
