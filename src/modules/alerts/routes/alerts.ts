/**
 * A vessel's alerts (alertManager VIEW to read, MANAGE to acknowledge and silence), the active
 * alerts of all the caller's vessels, and the paged alert history (API.md paging). Every alert
 * goes through one lifecycle (lifecycle.ts) whatever raised it.
 */
import Boom from '@hapi/boom';
import type { Request, ServerRoute } from '@hapi/hapi';
import Joi from 'joi';
import type { Knex } from 'knex';
import type { AppContext } from '../../../platform/context.js';
import { auditTarget } from '../../../platform/audit.js';
import { paginate, pageRequestSchema, type PageRequest } from '../../../platform/pagination.js';
import type { SessionCredentials } from '../../auth/api.js';
import { bridgeOfVessel, bridgesOfVessels } from '../../bridges/api.js';
import { accessesOf, allows, requireAccess } from '../../vessel/api.js';
import { ALERT_STATUSES, type AlertStatus } from '../api.js';
import { type AlertLifecycle, SILENCE_MAX_SECONDS } from '../lifecycle.js';
import * as repo from '../repository.js';

const VIEW = { area: 'alertManager', level: 'VIEW' } as const;
const MANAGE = { area: 'alertManager', level: 'MANAGE' } as const;
const DAY_MS = 24 * 3600 * 1000;

const vesselParams = Joi.object({ id: Joi.number().integer().required() });
const alertParams = vesselParams.keys({ alertId: Joi.number().integer().required() });
const silencePayload = Joi.object({ seconds: Joi.number().integer().min(1).max(SILENCE_MAX_SECONDS) }).allow(null);

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
  else query.whereNull('cleared_at').whereNull('acknowledged_at').where((w) => w.whereNull('silenced_until').orWhere('silenced_until', '<=', nowIso));
}

export function alertRoutes(ctx: AppContext, lifecycle: AlertLifecycle): ServerRoute[] {
  const { db } = ctx;
  const userId = (request: Request) => (request.auth.credentials as unknown as SessionCredentials).user.id;

  /** The bridge of a vessel the caller may act on, or null when none is paired. */
  const bridgeFor = async (request: Request, need: typeof VIEW | typeof MANAGE) => {
    const vesselId = (request.params as unknown as { id: number }).id;
    await requireAccess(db, userId(request), vesselId, need);
    if (need === MANAGE) auditTarget(request, { targetType: 'vessel', targetId: vesselId, vesselId });
    return { vesselId, bridge: await bridgeOfVessel(db, vesselId) };
  };

  /** Vessels (with their bridge) whose alerts the caller may read. */
  const readableVessels = async (request: Request): Promise<Map<number, number>> => {
    const readable = [...(await accessesOf(db, userId(request))).values()].filter((access) => allows(access, VIEW)).map((access) => access.vesselId);
    const bridges = await bridgesOfVessels(db, readable);
    return new Map([...bridges].map(([vesselId, bridge]) => [bridge.id, vesselId]));
  };

  /** An alert of the vessel in the path the caller may manage (404 for any other). */
  const alertFor = async (request: Request) => {
    const { vesselId, bridge } = await bridgeFor(request, MANAGE);
    const { alertId } = request.params as unknown as { alertId: number };
    const alert = await repo.findAlert(db, alertId);
    if (!alert || !bridge || alert.bridgeId !== bridge.id) throw Boom.notFound('Alert not found');
    auditTarget(request, { targetType: 'alert', targetId: alertId });
    return { vesselId, alert };
  };
  const secondsOf = (request: Request) => (request.payload as { seconds?: number } | null)?.seconds;

  return [
    {
      method: 'GET',
      path: '/api/vessel/{id}/alerts',
      options: {
        tags: ['api', 'vessel', 'alerts'],
        description: "The vessel's active alerts (including rectified ones nobody has acknowledged), then those cleared in the last 24 hours (alertManager VIEW)",
        validate: { params: vesselParams },
        async handler(request) {
          const { bridge } = await bridgeFor(request, VIEW);
          if (!bridge) return [];
          return (await repo.alertsOfBridge(db, bridge.id, new Date(lifecycle.now() - DAY_MS).toISOString())).map((row) => lifecycle.view(row));
        },
      },
    },
    {
      method: 'POST',
      path: '/api/vessel/{id}/alerts/{alertId}/ack',
      options: {
        tags: ['api', 'vessel', 'alerts'],
        description: 'Acknowledge an alert (alertManager MANAGE); a rectified alert is cleared by it',
        validate: { params: alertParams },
        async handler(request) {
          const { vesselId, alert } = await alertFor(request);
          return lifecycle.acknowledge(vesselId, alert, userId(request));
        },
      },
    },
    {
      method: 'POST',
      path: '/api/vessel/{id}/alerts/{alertId}/silence',
      options: {
        tags: ['api', 'vessel', 'alerts'],
        description: 'Silence an unacknowledged alert for `seconds` (default 30, at most 3600; an emergency at most 60) (alertManager MANAGE)',
        validate: { params: alertParams, payload: silencePayload },
        async handler(request) {
          const { vesselId, alert } = await alertFor(request);
          return lifecycle.silence(vesselId, alert, userId(request), secondsOf(request));
        },
      },
    },
    {
      method: 'POST',
      path: '/api/vessel/{id}/alerts/silenceAll',
      options: {
        tags: ['api', 'vessel', 'alerts'],
        description: "Silence all the vessel's unacknowledged active alerts for `seconds` (as silence) (alertManager MANAGE); answers how many were silenced",
        validate: { params: vesselParams, payload: silencePayload },
        async handler(request) {
          const { vesselId, bridge } = await bridgeFor(request, MANAGE);
          if (!bridge) return { silenced: 0 };
          return { silenced: await lifecycle.silenceAll(vesselId, bridge.id, userId(request), secondsOf(request)) };
        },
      },
    },
    {
      method: 'POST',
      path: '/api/vessel/{id}/alerts/mute',
      options: {
        tags: ['api', 'vessel', 'alerts'],
        description: "Stop (muted=true) or resume (muted=false) the vessel's alarm e-mails to you; the app still shows them (any member)",
        validate: { params: vesselParams, payload: Joi.object({ muted: Joi.boolean().required() }) },
        async handler(request) {
          const vesselId = (request.params as { id: number }).id;
          await requireAccess(db, userId(request), vesselId);
          const { muted } = request.payload as { muted: boolean };
          await repo.setMuted(db, vesselId, userId(request), muted);
          return { vesselId, muted };
        },
      },
    },
    {
      method: 'GET',
      path: '/api/alerts/active',
      options: {
        tags: ['api', 'alerts'],
        description: 'Active alerts (including rectified ones nobody has acknowledged) of every vessel whose alerts you may see, newest first, each with its vesselId',
        async handler(request) {
          const vesselOfBridge = await readableVessels(request);
          const rows = await repo.activeOfBridges(db, [...vesselOfBridge.keys()]);
          return rows.map((r) => ({ ...lifecycle.view(r), vesselId: vesselOfBridge.get(r.bridgeId) }));
        },
      },
    },
    {
      method: 'POST',
      path: '/api/alerts/history/page',
      options: {
        tags: ['api', 'alerts'],
        description: 'Alert history of your vessels, paged; filter by vesselId, state, status, priority, origin, path, active, from/to (raised between)',
        validate: { payload: pageRequestSchema(historyFilter) },
        async handler(request) {
          const page = request.payload as PageRequest<HistoryFilter>;
          const f = page.filter;
          const vesselOfBridge = await readableVessels(request);
          const bridgeIds = [...vesselOfBridge].filter(([, vesselId]) => f.vesselId === undefined || vesselId === f.vesselId).map(([bridgeId]) => bridgeId);
          const query = repo.historyQuery(db, bridgeIds);
          if (f.state) query.where('state', f.state);
          if (f.status) whereStatus(query, f.status, new Date(lifecycle.now()).toISOString());
          if (f.priority) query.where('priority', f.priority);
          if (f.origin) query.where('origin', f.origin);
          if (f.path) query.where('path', f.path);
          if (f.active === true) query.where((w) => w.whereNull('cleared_at').orWhereNull('acknowledged_at'));
          if (f.active === false) query.whereNotNull('cleared_at').whereNotNull('acknowledged_at');
          if (f.from) query.where('raised_at', '>=', new Date(f.from).toISOString());
          if (f.to) query.where('raised_at', '<=', new Date(f.to).toISOString());
          return paginate(query, page, { raisedAt: 'raised_at', state: 'state', priority: 'priority', path: 'path' }, ['raised_at', 'desc'], (row: Parameters<typeof repo.toAlertRow>[0]) => {
            const alert = repo.toAlertRow(row);
            return { ...lifecycle.view(alert), vesselId: vesselOfBridge.get(alert.bridgeId) };
          });
        },
      },
    },
  ];
}
