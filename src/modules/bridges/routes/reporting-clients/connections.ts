import Joi from 'joi';
import { defineRoute } from '../../../../platform/routes.js';
import { bridgeIdParams } from '../../schemas.js';
import type { BridgeService } from '../../service.js';

/** GET admin/reportingClients/{id}/connections?page=&size=: connects and disconnects, newest first (90 days kept). */
export const connectionHistory = (bridges: BridgeService) =>
  defineRoute<{ Params: { id: number }; Query: { page: number; size: number } }>({
    method: 'GET',
    path: '/api/admin/reportingClients/{id}/connections',
    options: {
      auth: { scope: 'admin' },
      tags: ['api', 'admin'],
      description: "A reporting client's connection history: {totalElements, content: [{event: connected|disconnected, at}]}, newest first, the last 90 days",
      validate: {
        params: bridgeIdParams,
        query: Joi.object({ page: Joi.number().integer().min(0).default(0), size: Joi.number().integer().min(1).max(200).default(50) }),
      },
      async handler(request) {
        await bridges.find(request.params.id);
        return bridges.connectionHistory(request.params.id, request.query.page, request.query.size);
      },
    },
  });
