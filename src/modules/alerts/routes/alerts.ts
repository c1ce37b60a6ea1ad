/**
 * A vessel's alerts (alertManager VIEW to read, MANAGE to acknowledge and silence), the active
 * alerts of all the caller's vessels, and the paged alert history (API.md paging).
 */
import Boom from '@hapi/boom';
import type { Request, ServerRoute } from '@hapi/hapi';
import Joi from 'joi';
import type { AppContext } from '../../../platform/context.js';
import { auditTarget } from '../../../platform/audit.js';
import { paginate, pageRequestSchema, type PageRequest } from '../../../platform/pagination.js';
import type { SessionCredentials } from '../../auth/api.js';
import { bridgeOfVessel, bridgesOfVessels } from '../../bridges/api.js';
import { accessesOf, allows, requireAccess } from '../../vessel/api.js';
import { type Alert, alertView } from '../api.js';
import * as repo from '../repository.js';

const VIEW = { area: 'alertManager', level: 'VIEW' } as const;
const MANAGE = { area: 'alertManager', level: 'MANAGE' } as const;
const DAY_MS = 24 * 3600 * 1000;

const vesselParams = Joi.object({ id: Joi.number().integer().required() });
const alertParams = vesselParams.keys({ alertId: Joi.number().integer().required() });

interface HistoryFilter {
  vesselId?: number;
  state?: repo.AlertState;
  active?: boolean;
  from?: string;
  to?: string;
}

const historyFilter = Joi.object({
  vesselId: Joi.number().integer(),
  state: Joi.string().valid(...repo.ALERT_STATES),
  active: Joi.boolean(),
  from: Joi.string().isoDate(),
  to: Joi.string().isoDate(),
});

export function alertRoutes(ctx: AppContext): ServerRoute[] {
  const { db, events } = ctx;
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

  const changeAlert = async (request: Request, patch: (uid: number) => Parameters<typeof repo.updateAlert>[2]): Promise<Alert> => {
    const { vesselId, bridge } = await bridgeFor(request, MANAGE);
    const { alertId } = request.params as unknown as { alertId: number };
    const alert = await repo.findAlert(db, alertId);
    if (!alert || !bridge || alert.bridgeId !== bridge.id) throw Boom.notFound('Alert not found');
    auditTarget(request, { targetType: 'alert', targetId: alertId });
    await repo.updateAlert(db, alertId, patch(userId(request)));
    const changed = alertView((await repo.findAlert(db, alertId))!);
    events.emit('vessel.alert', { vesselId, alert: { ...changed } });
    return changed;
  };

  return [
    {
      method: 'GET',
      path: '/api/vessel/{id}/alerts',
      options: {
        tags: ['api', 'vessel', 'alerts'],
        description: "The vessel's active alerts, then those cleared in the last 24 hours (alertManager VIEW)",
        validate: { params: vesselParams },
        async handler(request) {
          const { bridge } = await bridgeFor(request, VIEW);
          if (!bridge) return [];
          return (await repo.alertsOfBridge(db, bridge.id, new Date(Date.now() - DAY_MS).toISOString())).map(alertView);
        },
      },
    },
    {
      method: 'POST',
      path: '/api/vessel/{id}/alerts/{alertId}/ack',
      options: {
        tags: ['api', 'vessel', 'alerts'],
        description: 'Acknowledge an alert (alertManager MANAGE)',
        validate: { params: alertParams },
        handler: (request) => changeAlert(request, (uid) => ({ acknowledgedBy: uid })),
      },
    },
    {
      method: 'POST',
      path: '/api/vessel/{id}/alerts/{alertId}/silence',
      options: {
        tags: ['api', 'vessel', 'alerts'],
        description: 'Silence an alert (alertManager MANAGE)',
        validate: { params: alertParams },
        handler: (request) => changeAlert(request, (uid) => ({ silencedBy: uid })),
      },
    },
    {
      method: 'POST',
      path: '/api/vessel/{id}/alerts/silenceAll',
      options: {
        tags: ['api', 'vessel', 'alerts'],
        description: "Silence all the vessel's active alerts (alertManager MANAGE); answers how many were silenced",
        validate: { params: vesselParams },
        async handler(request) {
          const { vesselId, bridge } = await bridgeFor(request, MANAGE);
          if (!bridge) return { silenced: 0 };
          const ids = await repo.unsilencedActiveIds(db, bridge.id);
          for (const id of ids) {
            await repo.updateAlert(db, id, { silencedBy: userId(request) });
            events.emit('vessel.alert', { vesselId, alert: { ...alertView((await repo.findAlert(db, id))!) } });
          }
          return { silenced: ids.length };
        },
      },
    },
    {
      method: 'GET',
      path: '/api/alerts/active',
      options: {
        tags: ['api', 'alerts'],
        description: 'Active alerts of every vessel whose alerts you may see, newest first, each with its vesselId',
        async handler(request) {
          const vesselOfBridge = await readableVessels(request);
          const rows = await repo.activeOfBridges(db, [...vesselOfBridge.keys()]);
          return rows.map((r) => ({ ...alertView(r), vesselId: vesselOfBridge.get(r.bridgeId) }));
        },
      },
    },
    {
      method: 'POST',
      path: '/api/alerts/history/page',
      options: {
        tags: ['api', 'alerts'],
        description: 'Alert history of your vessels, paged; filter by vesselId, state, active, from/to (raised between)',
        validate: { payload: pageRequestSchema(historyFilter) },
        async handler(request) {
          const page = request.payload as PageRequest<HistoryFilter>;
          const f = page.filter;
          const vesselOfBridge = await readableVessels(request);
          const bridgeIds = [...vesselOfBridge].filter(([, vesselId]) => f.vesselId === undefined || vesselId === f.vesselId).map(([bridgeId]) => bridgeId);
          const query = repo.historyQuery(db, bridgeIds);
          if (f.state) query.where('state', f.state);
          if (f.active === true) query.whereNull('cleared_at');
          if (f.active === false) query.whereNotNull('cleared_at');
          if (f.from) query.where('raised_at', '>=', new Date(f.from).toISOString());
          if (f.to) query.where('raised_at', '<=', new Date(f.to).toISOString());
          return paginate(query, page, { raisedAt: 'raised_at', state: 'state', path: 'path' }, ['raised_at', 'desc'], (row) => {
            const alert = repo.toAlertRow(row);
            return { ...alertView(alert), vesselId: vesselOfBridge.get(alert.bridgeId) };
          });
        },
      },
    },
  ];
}
