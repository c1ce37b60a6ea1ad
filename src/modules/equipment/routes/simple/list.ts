import { defineRoute } from '../../../../platform/routes.js';
import { vesselOf } from '../../../access/api.js';
import type { SimpleDevicesService } from '../../simple/service.js';
import { SIMPLE_TAGS, vesselIdQuery, vesselQueryScope } from './support.js';

/** GET simpleDevices?vesselId=: the vessel's simple devices with their fields (deviceManager VIEW). */
export const listSimpleDevices = (simple: SimpleDevicesService) =>
  defineRoute<{ Query: { vesselId: number } }>({
    method: 'GET',
    path: '/api/simpleDevices',
    options: {
      tags: SIMPLE_TAGS,
      description: "The vessel's simple devices by name, each with its fields in their order (deviceManager VIEW)",
      validate: { query: vesselIdQuery },
      plugins: { vessel: vesselQueryScope },
      handler: (request) => simple.list(vesselOf(request).vesselId),
    },
  });
