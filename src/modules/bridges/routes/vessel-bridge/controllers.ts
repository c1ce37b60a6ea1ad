import { defineRoute } from '../../../../platform/routes.js';
import { DEVICES_VIEW, vesselOf } from '../../../access/api.js';
import { vesselIdParams } from '../../schemas.js';
import type { BridgeService } from '../../service.js';

/**
 * GET vessel/{id}/controllers (deviceManager VIEW): what controls the vessel's devices, by spec
 * 000 §3's device type: the cloud (Vessel Link itself, always), then the MFDs and client apps the
 * bridge last reported on board, with when it reported them. No bridge paired: the cloud alone.
 */
export const vesselControllers = (bridges: BridgeService) =>
  defineRoute<{ Params: { id: number } }>({
    method: 'GET',
    path: '/api/vessel/{id}/controllers',
    options: {
      tags: ['api', 'vessel'],
      description: "What controls the vessel's devices: [{id, type: MFD|Client|Cloud, name, reportedAt}], the cloud first (deviceManager VIEW)",
      validate: { params: vesselIdParams },
      plugins: { vessel: { needs: [DEVICES_VIEW], bridge: true } },
      handler: (request) => bridges.controllersOf(vesselOf(request).bridge?.id ?? null),
    },
  });
