import Joi from 'joi';
import { defineRoute } from '../../../../platform/routes.js';
import { vesselOf } from '../../../access/api.js';
import { LOG_LEVELS, vesselIdParams } from '../../schemas.js';
import type { BridgeService } from '../../service.js';
import { MANAGE_BRIDGE, OFFLINE, pairedBridge } from './paired.js';

/** POST vessel/{id}/logs/logLevel/{level}: the bridge's log level. */
export const setLogLevel = (bridges: BridgeService) =>
  defineRoute<{ Params: { id: number; level: string } }>({
    method: 'POST',
    path: '/api/vessel/{id}/logs/logLevel/{level}',
    options: {
      tags: ['api', 'vessel'],
      description: "Set the log level of the vessel's bridge (deviceManager MANAGE and allowDeviceControl)",
      validate: {
        params: vesselIdParams.keys({
          level: Joi.string()
            .valid(...LOG_LEVELS)
            .required(),
        }),
      },
      plugins: { vessel: { needs: MANAGE_BRIDGE, bridge: true } },
      handler: (request) =>
        bridges.request(pairedBridge(request), 'setLogLevel', {
          level: request.params.level,
          requestedBy: vesselOf(request).caller.id,
          offlineMessage: OFFLINE,
        }),
    },
  });
