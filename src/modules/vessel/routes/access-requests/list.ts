import { defineRoute } from '../../../../platform/routes.js';
import { vesselOf } from '../../../access/api.js';
import type { AccessRequestsService } from '../../access-requests/service.js';
import { idParams } from '../../schemas.js';

/** GET vessel/{id}/accessRequests: the open requests, oldest first (userManager MANAGE). */
export const listAccessRequests = (requests: AccessRequestsService) =>
  defineRoute<{ Params: { id: number } }>({
    method: 'GET',
    path: '/api/vessel/{id}/accessRequests',
    options: {
      tags: ['api', 'vessel'],
      description: 'The open requests for access to the vessel (needs userManager MANAGE)',
      validate: { params: idParams },
      plugins: { vessel: { needs: [{ area: 'userManager', level: 'MANAGE' }] } },
      handler: (request) => requests.open(vesselOf(request)),
    },
  });
