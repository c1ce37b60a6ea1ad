import Joi from 'joi';
import { defineRoute } from '../../../../platform/routes.js';
import { bridgeIdParams, serial, version } from '../../schemas.js';
import type { BridgeService } from '../../service.js';
import { targetBridge } from './target.js';

/** PUT admin/reportingClients/{id}: serial, version, a new secret or a new pairing code. */
export const editReportingClient = (bridges: BridgeService) =>
  defineRoute<{ Params: { id: number }; Payload: { serial?: string; version?: string | null; rotateSecret: boolean; newPairingCode: boolean } }>({
    method: 'PUT',
    path: '/api/admin/reportingClients/{id}',
    options: {
      auth: { scope: 'admin' },
      tags: ['api', 'admin'],
      description:
        'Edit a reporting client. rotateSecret answers a new secret once; newPairingCode answers a new pairing code. Either, or a new serial, disconnects the bridge',
      validate: {
        params: bridgeIdParams,
        payload: Joi.object({ serial, version: version.allow(null), rotateSecret: Joi.boolean().default(false), newPairingCode: Joi.boolean().default(false) }),
      },
      handler: async (request) => bridges.edit(await targetBridge(bridges, request), request.payload),
    },
  });
