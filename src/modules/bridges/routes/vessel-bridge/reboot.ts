import { defineRoute } from '../../../../platform/routes.js';
import { vesselOf } from '../../../access/api.js';
import type { PasswordRecheck } from '../../password-recheck.js';
import { adminPasswordQuery, vesselIdParams } from '../../schemas.js';
import type { BridgeService } from '../../service.js';
import { MANAGE_BRIDGE, OFFLINE, pairedBridge } from './paired.js';

/** POST vessel/{id}/reboot?adminPassword=: the caller's own password, checked again (5 checks in 15 minutes). */
export const rebootBridge = (bridges: BridgeService, recheck: PasswordRecheck) =>
  defineRoute<{ Params: { id: number }; Query: { adminPassword: string } }>({
    method: 'POST',
    path: '/api/vessel/{id}/reboot',
    options: {
      tags: ['api', 'vessel'],
      description: "Reboot the vessel's bridge (deviceManager MANAGE and allowDeviceControl); adminPassword is the caller's own password",
      validate: { params: vesselIdParams, query: adminPasswordQuery },
      plugins: { vessel: { needs: MANAGE_BRIDGE, bridge: true } },
      async handler(request) {
        const bridge = pairedBridge(request);
        const { caller } = vesselOf(request);
        await recheck.confirm(caller.id, request.query.adminPassword);
        return bridges.request(bridge, 'reboot', { requestedBy: caller.id, offlineMessage: OFFLINE });
      },
    },
  });
