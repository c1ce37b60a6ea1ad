import Joi from 'joi';
import { auditTarget } from '../../../../platform/audit.js';
import { defineRoute } from '../../../../platform/routes.js';
import { serial, version } from '../../schemas.js';
import type { BridgeService } from '../../service.js';

/** POST admin/reportingClients: answers the bridge's MQTT secret once, with its pairing code. */
export const provisionReportingClient = (bridges: BridgeService) =>
  defineRoute<{ Payload: { serial?: string; version?: string } }>({
    method: 'POST',
    path: '/api/admin/reportingClients',
    options: {
      auth: { scope: 'admin' },
      tags: ['api', 'admin'],
      description: 'Provision a reporting client. The answer carries its MQTT secret (shown only this once) and its pairing code',
      validate: { payload: Joi.object({ serial, version }).default({}) },
      async handler(request) {
        const created = await bridges.provision(request.payload);
        auditTarget(request, { targetType: 'bridge', targetId: created.id });
        return created;
      },
    },
  });
