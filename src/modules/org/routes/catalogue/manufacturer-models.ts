import { defineRoute } from '../../../../platform/routes.js';
import { idParams } from '../../schemas.js';
import type { OrgService } from '../../service.js';

/** GET company/manufacturers/{id}/models: 404 when the id is no manufacturer. */
export const manufacturerModels = (org: OrgService) =>
  defineRoute<{ Params: { id: number } }>({
    method: 'GET',
    path: '/api/company/manufacturers/{id}/models',
    options: {
      tags: ['api', 'catalogue'],
      description: 'Vessel models of a manufacturer',
      validate: { params: idParams },
      handler: (request) => org.modelsOf(request.params.id),
    },
  });
