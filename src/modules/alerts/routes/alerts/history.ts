import Joi from 'joi';
import type { Knex } from 'knex';
import type { AppContext } from '../../../../platform/context.js';
import { paginate, pageRequestSchema, type PageRequest } from '../../../../platform/pagination.js';
import { defineRoute } from '../../../../platform/routes.js';
import type { AccessApi } from '../../../access/api.js';
import { ALERT_STATUSES, type AlertStatus } from '../../api.js';
import type { AlertLifecycle } from '../../lifecycle.js';
import * as repo from '../../repository.js';
import { readableVessels } from './support.js';

interface HistoryFilter {
  vesselId?: number;
  state?: repo.AlertState;
  status?: AlertStatus;
  priority?: repo.AlertPriority;
  origin?: repo.AlertOrigin;
  path?: string;
  active?: boolean;
  from?: string;
  to?: string;
}

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
});

/** The lifecycle status as a condition on the alerts table. */
function whereStatus(query: Knex.QueryBuilder, status: AlertStatus, nowIso: string): void {
  if (status === 'cleared') query.whereNotNull('cleared_at').whereNotNull('acknowledged_at');
  else if (status === 'rectified-unacknowledged') query.whereNotNull('cleared_at').whereNull('acknowledged_at');
  else if (status === 'active-acknowledged') query.whereNull('cleared_at').whereNotNull('acknowledged_at');
  else if (status === 'silenced') query.whereNull('cleared_at').whereNull('acknowledged_at').where('silenced_until', '>', nowIso);
  else
    query
      .whereNull('cleared_at')
      .whereNull('acknowledged_at')
      .where((w) => w.whereNull('silenced_until').orWhere('silenced_until', '<=', nowIso));
}

/** POST alerts/history/page: the alert history of the caller's vessels (alertManager VIEW on each), paged. */
export const alertHistoryPage = (ctx: AppContext, lifecycle: AlertLifecycle, access: AccessApi) =>
  defineRoute<{ Payload: PageRequest<HistoryFilter> }>({
    method: 'POST',
    path: '/api/alerts/history/page',
    options: {
      tags: ['api', 'alerts'],
      description: 'Alert history of your vessels, paged; filter by vesselId, state, status, priority, origin, path, active, from/to (raised between)',
      validate: { payload: pageRequestSchema(historyFilter) },
      async handler(request) {
        const page = request.payload;
        const f = page.filter;
        const vesselOfBridge = await readableVessels(ctx, access, request);
        const bridgeIds = [...vesselOfBridge].filter(([, vesselId]) => f.vesselId === undefined || vesselId === f.vesselId).map(([bridgeId]) => bridgeId);
        const query = repo.historyQuery(ctx.db, bridgeIds);
        if (f.state) query.where('state', f.state);
        if (f.status) whereStatus(query, f.status, new Date(lifecycle.now()).toISOString());
        if (f.priority) query.where('priority', f.priority);
        if (f.origin) query.where('origin', f.origin);
        if (f.path) query.where('path', f.path);
        if (f.active === true) query.where((w) => w.whereNull('cleared_at').orWhereNull('acknowledged_at'));
        if (f.active === false) query.whereNotNull('cleared_at').whereNotNull('acknowledged_at');
        if (f.from) query.where('raised_at', '>=', new Date(f.from).toISOString());
        if (f.to) query.where('raised_at', '<=', new Date(f.to).toISOString());
        return paginate(
          query,
          page,
          { raisedAt: 'raised_at', state: 'state', priority: 'priority', path: 'path' },
          ['raised_at', 'desc'],
          (row: Parameters<typeof repo.toAlertRow>[0]) => {
            const alert = repo.toAlertRow(row);
            return { ...lifecycle.view(alert), vesselId: vesselOfBridge.get(alert.bridgeId) };
          },
        );
      },
    },
  });
