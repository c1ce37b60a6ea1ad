import { defineRoute } from '../../../../platform/routes.js';
import { DEVICES_VIEW, vesselOf } from '../../../access/api.js';
import { vesselIdParams } from '../../schemas.js';
import type { SourcesService } from '../../service.js';

/** GET vessel/{id}/busList: the buses the vessel reports through (deviceManager VIEW). */
export const busList = (sources: SourcesService) =>
  defineRoute<{ Params: { id: number } }>({
    method: 'GET',
    path: '/api/vessel/{id}/busList',
    options: {
      tags: ['api', 'vessel', 'devices'],
      description: 'The buses (NMEA 2000, NMEA 0183, ...) the vessel reports through, from its message sources (deviceManager VIEW)',
      validate: { params: vesselIdParams },
      plugins: { vessel: { needs: [DEVICES_VIEW], bridge: true } },
      handler: (request) => sources.buses(vesselOf(request).bridge),
    },
  });
