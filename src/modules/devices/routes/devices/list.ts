import { defineRoute } from '../../../../platform/routes.js';
import { DEVICES_VIEW, vesselOf } from '../../../access/api.js';
import type { DeviceLists } from '../../device-lists.js';
import { vesselIdParams } from '../../schemas.js';

/**
 * GET vessel/{id}/devices: the devices with their properties and current values (deviceManager
 * VIEW; DENY hides them). The body is the envelope kept by DeviceLists, sent as it is, gzipped
 * when the client accepts it (as browsers do).
 */
export const listDevices = (lists: DeviceLists) =>
  defineRoute<{ Params: { id: number } }>({
    method: 'GET',
    path: '/api/vessel/{id}/devices',
    options: {
      tags: ['api', 'vessel', 'devices'],
      description: "The vessel's devices with their properties and current values (deviceManager VIEW)",
      validate: { params: vesselIdParams },
      plugins: { vessel: { needs: [DEVICES_VIEW], bridge: true }, envelope: false },
      async handler(request, h) {
        const { vesselId, bridge } = vesselOf(request);
        const list = await lists.of(vesselId, bridge);
        const gzip = request.info.acceptEncoding === 'gzip';
        const response = h
          .response(gzip ? list.gzip : list.json)
          .type('application/json; charset=utf-8')
          .vary('accept-encoding');
        return gzip ? response.compressed('gzip') : response;
      },
    },
  });
