import type { ReqRefDefaults } from '@hapi/hapi';
import { defineRoute } from '../../../../platform/routes.js';
import type { OrgService } from '../../service.js';

/** GET vesselModels: every model of every manufacturer. */
export const vesselModels = (org: OrgService) =>
  defineRoute<ReqRefDefaults>({
    method: 'GET',
    path: '/api/vesselModels',
    options: { tags: ['api', 'catalogue'], description: 'All vessel models', handler: () => org.allModels() },
  });
