import { defineRoute } from '../../../../platform/routes.js';
import { vesselOf } from '../../../access/api.js';
import type { VesselService } from '../../vessels/service.js';
import { idParams } from '../../schemas.js';

/** GET vessel/{id}: the vessel with the caller's permissions on it. */
export const getVessel = (vessels: VesselService) =>
  defineRoute<{ Params: { id: number } }>({
    method: 'GET',
    path: '/api/vessel/{id}',
    options: {
      tags: ['api', 'vessel'],
      description: 'One vessel with your permissions on it',
      validate: { params: idParams },
      plugins: { vessel: {} },
      handler: (request) => vessels.viewOf(vesselOf(request).access),
    },
  });
