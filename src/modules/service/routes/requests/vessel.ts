import { defineRoute } from '../../../../platform/routes.js';
import { ALERTS_VIEW, vesselOf } from '../../../access/api.js';
import type { ServiceRequests } from '../../requests.js';
import { vesselParams } from '../../schemas.js';

/** GET vessel/{id}/serviceRequests: the companies that may be asked about an alarm, and the requests made (alertManager VIEW). */
export const vesselServiceRequests = (requests: ServiceRequests) =>
  defineRoute<{ Params: { id: number } }>({
    method: 'GET',
    path: '/api/vessel/{id}/serviceRequests',
    options: {
      tags: ['api', 'service'],
      description: 'The companies that may be asked to look at an alarm, and the vessel’s service requests, newest first',
      validate: { params: vesselParams },
      plugins: { vessel: { needs: [ALERTS_VIEW] } },
      handler: (request) => requests.ofVessel(vesselOf(request).vesselId),
    },
  });
