import Joi from 'joi';
import { auditTarget } from '../../../../platform/audit.js';
import { callerOf, defineRoute } from '../../../../platform/routes.js';
import type { PasswordRecheck } from '../../password-recheck.js';
import { adminPasswordQuery, bridgeIdParams, version } from '../../schemas.js';
import type { BridgeService } from '../../service.js';
import { targetBridge } from './target.js';

/** POST admin/reportingClients/{id}/softwareUpdate?adminPassword= {version}: the caller's own password, checked again. */
export const softwareUpdate = (bridges: BridgeService, recheck: PasswordRecheck) =>
  defineRoute<{ Params: { id: number }; Query: { adminPassword: string }; Payload: { version: string } }>({
    method: 'POST',
    path: '/api/admin/reportingClients/{id}/softwareUpdate',
    options: {
      auth: { scope: 'admin' },
      tags: ['api', 'admin'],
      description: "Ask a connected bridge to install a software version; adminPassword is the caller's own password, checked again",
      validate: { params: bridgeIdParams, query: adminPasswordQuery, payload: Joi.object({ version: version.required() }) },
      async handler(request) {
        const bridge = await targetBridge(bridges, request);
        const caller = callerOf(request);
        await recheck.confirm(caller.id, request.query.adminPassword);
        auditTarget(request, { details: { version: request.payload.version } });
        return bridges.request(bridge, 'softwareUpdate', {
          version: request.payload.version,
          requestedBy: caller.id,
          offlineMessage: 'The reporting client is offline',
        });
      },
    },
  });
