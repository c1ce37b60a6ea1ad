import { defineRoute } from '../../../../platform/routes.js';
import { DEVICES_VIEW, vesselOf } from '../../../access/api.js';
import { vesselIdParams } from '../../schemas.js';
import type { DevicesService } from '../../service.js';

/** GET vessel/{id}/devices/basic: the devices without their values (deviceManager VIEW). */
export const basicDevices = (devices: DevicesService) =>
  defineRoute<{ Params: { id: number } }>({
    method: 'GET',
    path: '/api/vessel/{id}/devices/basic',
    options: {
      tags: ['api', 'vessel', 'devices'],
      description: "The vessel's devices without their values: id, name, category, location, propertyCount (deviceManager VIEW)",
      validate: { params: vesselIdParams },
      plugins: { vessel: { needs: [DEVICES_VIEW], bridge: true } },
      handler: (request) => devices.basicDevices(vesselOf(request).bridge),
    },
  });
