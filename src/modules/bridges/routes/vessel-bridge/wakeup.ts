import { ruleRefused } from '../../../../platform/errors.js';
import { defineRoute } from '../../../../platform/routes.js';
import { vesselIdParams } from '../../schemas.js';
import type { BridgeService } from '../../service.js';
import { OFFLINE, pairedBridge } from './paired.js';

/** POST vessel/{id}/wakeup: the bridge sends all its current values again (deviceManager VIEW). */
export const wakeUpBridge = (bridges: BridgeService) =>
  defineRoute<{ Params: { id: number } }>({
    method: 'POST',
    path: '/api/vessel/{id}/wakeup',
    options: {
      tags: ['api', 'vessel'],
      description: "Ask the vessel's bridge to send all its current values again (deviceManager VIEW)",
      validate: { params: vesselIdParams },
      plugins: { vessel: { needs: [{ area: 'deviceManager', level: 'VIEW' }], bridge: true } },
      async handler(request) {
        if (!(await bridges.requestSnapshot(pairedBridge(request).serial))) throw ruleRefused(OFFLINE);
        return { requested: true };
      },
    },
  });
