import { defineRoute } from '../../../../platform/routes.js';
import { DEVICES_VIEW, vesselOf } from '../../../access/api.js';
import type { InterfacesService } from '../../interfaces/service.js';
import { vesselIdParams } from '../../schemas.js';

/** GET vessel/{id}/interfaces: the vessel's interfaces, never their tokens (deviceManager VIEW). */
export const listInterfaces = (interfaces: InterfacesService) =>
  defineRoute<{ Params: { id: number } }>({
    method: 'GET',
    path: '/api/vessel/{id}/interfaces',
    options: {
      tags: ['api', 'vessel', 'interfaces'],
      description: "The vessel's interfaces: third-party systems posting Signal K deltas over HTTP (deviceManager VIEW)",
      validate: { params: vesselIdParams },
      plugins: { vessel: { needs: [DEVICES_VIEW] } },
      handler: (request) => interfaces.list(vesselOf(request).vesselId),
    },
  });
