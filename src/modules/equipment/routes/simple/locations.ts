import { defineRoute } from '../../../../platform/routes.js';
import { vesselOf } from '../../../access/api.js';
import type { SimpleDevicesService } from '../../simple/service.js';
import { SIMPLE_TAGS, vesselIdQuery, vesselQueryScope } from './support.js';

/** GET simpleDevices/locations?vesselId=: where the devices with their location switch on are (deviceManager VIEW). */
export const simpleDeviceLocations = (simple: SimpleDevicesService) =>
  defineRoute<{ Query: { vesselId: number } }>({
    method: 'GET',
    path: '/api/simpleDevices/locations',
    options: {
      tags: SIMPLE_TAGS,
      description: 'The positions of the simple devices whose location switch is on (deviceManager VIEW)',
      validate: { query: vesselIdQuery },
      plugins: { vessel: vesselQueryScope },
      handler: (request) => simple.locations(vesselOf(request).vesselId),
    },
  });
