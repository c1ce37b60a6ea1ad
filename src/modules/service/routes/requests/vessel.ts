import { defineRoute } from '../../../../platform/routes.js';
import { ALERTS_VIEW, vesselOf } from '../../../access/api.js';
import type { ServiceRequests } from '../../requests.js';
import { vesselParams } from '../../schemas.js';

/** GET vessel/{id}/serviceRequests: the companies the caller may ask about an alarm (not their own), and the requests made (alertManager VIEW). */
export const vesselServiceRequests = (requests: ServiceRequests) =>
  defineRoute<{ Params: { id: number } }>({
    method: 'GET',
    path: '/api/vessel/{id}/serviceRequests',
    options: {
      tags: ['api', 'service'],
      description: 'The companies that may be asked to look at an alarm, and the vessel’s service requests, newest first',
      validate: { params: vesselParams },
      plugins: { vessel: { needs: [ALERTS_VIEW] } },
      handler: (request) => {
        const { vesselId, access } = vesselOf(request);
        return requests.ofVessel(vesselId, access);
      },
    },
  });
