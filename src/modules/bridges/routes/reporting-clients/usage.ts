import Joi from 'joi';
import type { Clock } from '../../../../platform/clock.js';
import { defineRoute } from '../../../../platform/routes.js';
import { bridgeIdParams } from '../../schemas.js';
import type { BridgeService } from '../../service.js';
import { targetBridge } from './target.js';

const DAY_MS = 24 * 3600 * 1000;
const day = Joi.string().pattern(/^\d{4}-\d{2}-\d{2}$/);

/** GET admin/reportingClients/{id}/usage: per UTC day, the last 30 days unless from/to say otherwise. */
export const reportingClientUsage = (bridges: BridgeService, clock: Clock) =>
  defineRoute<{ Params: { id: number }; Query: { from?: string; to?: string } }>({
    method: 'GET',
    path: '/api/admin/reportingClients/{id}/usage',
    options: {
      auth: { scope: 'admin' },
      tags: ['api', 'admin'],
      description: 'Messages, bytes and rejected messages per day (UTC), the last 30 days unless from/to (YYYY-MM-DD) say otherwise',
      validate: { params: bridgeIdParams, query: Joi.object({ from: day, to: day }) },
      async handler(request) {
        const bridge = await targetBridge(bridges, request);
        const until = request.query.to ?? new Date(clock.now()).toISOString().slice(0, 10);
        const since = request.query.from ?? new Date(Date.parse(until) - 29 * DAY_MS).toISOString().slice(0, 10);
        return bridges.usageOf(bridge.id, since, until);
      },
    },
  });
