import Joi from 'joi';
import type { AppContext } from '../../../../platform/context.js';
import { pageRequestSchema, type PageRequest } from '../../../../platform/pagination.js';
import { defineRoute } from '../../../../platform/routes.js';
import type { AccessApi } from '../../../access/api.js';
import { ALERT_STATUSES, type AlertReach } from '../../api.js';
import type { AlertLifecycle } from '../../lifecycle.js';
import * as repo from '../../repository.js';
import { readableVessels } from './support.js';

const historyFilter = Joi.object({
  vesselId: Joi.number().integer(),
  state: Joi.string().valid(...repo.ALERT_STATES),
  status: Joi.string().valid(...ALERT_STATUSES),
  priority: Joi.string().valid(...repo.ALERT_PRIORITIES),
  origin: Joi.string().valid(...repo.ALERT_ORIGINS),
  path: Joi.string().max(256),
  active: Joi.boolean(),
  from: Joi.string().isoDate(),
  to: Joi.string().isoDate(),
  nobodyReached: Joi.boolean(),
});

/**
 * POST alerts/history/page: the alert history of the caller's vessels (alertManager VIEW on each),
 * paged; `nobodyReached` keeps the alarms no delivery reached and no person acknowledged
 * (docs/decisions.md, "Delivery receipts").
 */
export const alertHistoryPage = (ctx: AppContext, lifecycle: AlertLifecycle, access: AccessApi, reach: () => AlertReach | null) =>
  defineRoute<{ Payload: PageRequest<repo.HistoryFilter & { vesselId?: number }> }>({
    method: 'POST',
    path: '/api/alerts/history/page',
    options: {
      tags: ['api', 'alerts'],
      description:
        'Alert history of your vessels, paged; filter by vesselId, state, status, priority, origin, path, active, from/to (raised between), nobodyReached (no delivery accepted, opened or acknowledged, and no person acknowledged it)',
      validate: { payload: pageRequestSchema(historyFilter) },
      async handler(request) {
        const page = request.payload;
        const f = page.filter;
        const vesselOfBridge = await readableVessels(ctx, access, request);
        const bridgeIds = [...vesselOfBridge].filter(([, vesselId]) => f.vesselId === undefined || vesselId === f.vesselId).map(([bridgeId]) => bridgeId);
        const reached = f.nobodyReached === undefined ? undefined : reach()?.reachedAlertIds(ctx.db);
        return repo.historyPage(ctx.db, bridgeIds, { ...f, reached }, new Date(lifecycle.now()).toISOString(), page, (alert) => ({
          ...lifecycle.view(alert),
          vesselId: vesselOfBridge.get(alert.bridgeId),
        }));
      },
    },
  });
