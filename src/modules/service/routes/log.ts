import { defineRoute } from '../../../platform/routes.js';
import { allows, vesselOf } from '../../access/api.js';
import type { ServiceSchedules } from '../schedules.js';
import { vesselParams } from '../schemas.js';

/** GET vessel/{id}/service/log: the services done, newest first (deviceManager VIEW; documents named with documents VIEW). */
export const serviceLog = (schedules: ServiceSchedules) =>
  defineRoute<{ Params: { id: number } }>({
    method: 'GET',
    path: '/api/vessel/{id}/service/log',
    options: {
      tags: ['api', 'service'],
      description: 'The vessel’s service log',
      validate: { params: vesselParams },
      plugins: { vessel: { needs: [{ area: 'deviceManager', level: 'VIEW' }] } },
      async handler(request) {
        const { vesselId, access } = vesselOf(request);
        return schedules.log(vesselId, allows(access, { area: 'documents', level: 'VIEW' }));
      },
    },
  });
