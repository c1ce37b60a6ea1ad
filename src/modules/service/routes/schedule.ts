import { defineRoute } from '../../../platform/routes.js';
import { vesselOf } from '../../access/api.js';
import type { ServiceSchedules } from '../schedules.js';
import { vesselParams } from '../schemas.js';

/** GET vessel/{id}/service: the maintenance items with their due, and the engines' run hours (deviceManager VIEW). */
export const serviceSchedule = (schedules: ServiceSchedules) =>
  defineRoute<{ Params: { id: number } }>({
    method: 'GET',
    path: '/api/vessel/{id}/service',
    options: {
      tags: ['api', 'service'],
      description: 'The vessel’s service schedule',
      validate: { params: vesselParams },
      plugins: { vessel: { needs: [{ area: 'deviceManager', level: 'VIEW' }] } },
      async handler(request) {
        return schedules.schedule(vesselOf(request).vesselId);
      },
    },
  });
