import { defineRoute } from '../../../../platform/routes.js';
import { vesselOf } from '../../../access/api.js';
import { vesselIdParams } from '../../schemas.js';
import type { DevicesService } from '../../service.js';
import { DEVICES_VIEW } from '../support.js';

/** GET vessel/{id}/devices: the devices with their properties and current values (deviceManager VIEW; DENY hides them). */
export const listDevices = (devices: DevicesService) =>
  defineRoute<{ Params: { id: number } }>({
    method: 'GET',
    path: '/api/vessel/{id}/devices',
    options: {
      tags: ['api', 'vessel', 'devices'],
      description: "The vessel's devices with their properties and current values (deviceManager VIEW)",
      validate: { params: vesselIdParams },
      plugins: { vessel: { needs: [DEVICES_VIEW], bridge: true } },
      handler: (request) => devices.devices(vesselOf(request).bridge),
    },
  });
