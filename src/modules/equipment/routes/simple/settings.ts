import { defineRoute } from '../../../../platform/routes.js';
import { vesselOf } from '../../../access/api.js';
import type { SimpleDevicesService } from '../../simple/service.js';
import { SIMPLE_TAGS, vesselIdQuery, vesselQueryScope } from './support.js';

/** GET simpleDevices/settings?vesselId=: one flat settings entry a device, without fields (deviceManager VIEW). */
export const simpleDeviceSettings = (simple: SimpleDevicesService) =>
  defineRoute<{ Query: { vesselId: number } }>({
    method: 'GET',
    path: '/api/simpleDevices/settings',
    options: {
      tags: SIMPLE_TAGS,
      description: "The vessel's simple devices as flat settings entries: details, location switch, position, field and gauge counts (deviceManager VIEW)",
      validate: { query: vesselIdQuery },
      plugins: { vessel: vesselQueryScope },
      handler: (request) => simple.settings(vesselOf(request).vesselId),
    },
  });
