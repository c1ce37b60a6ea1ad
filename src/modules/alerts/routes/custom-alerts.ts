/**
 * A vessel's custom alerts: rules on one of its properties (alertManager VIEW reads, MANAGE
 * writes). A rule changed, paused or removed clears the alert it had raised.
 */
import Boom from '@hapi/boom';
import type { AuthCredentials, ServerRoute } from '@hapi/hapi';
import Joi from 'joi';
import { auditTarget } from '../../../platform/audit.js';
import type { AppContext } from '../../../platform/context.js';
import { callerOf, defineRoute } from '../../../platform/routes.js';
import { requireAccess } from '../../vessel/api.js';
import type { CustomAlerts } from '../custom/watch.js';
import * as repo from '../repository.js';

const VIEW = { area: 'alertManager', level: 'VIEW' } as const;
const MANAGE = { area: 'alertManager', level: 'MANAGE' } as const;

type Params = { id: number; alertId: number };
type RulePayload = Omit<repo.CustomAlertFields, 'path' | 'message'> & { message?: string };

const vesselParams = Joi.object({ id: Joi.number().integer().min(1).required() });
const ruleParams = vesselParams.keys({ alertId: Joi.number().integer().min(1).required() });
const rulePayload = Joi.object({
  propertyId: Joi.number().integer().min(1).required(),
  comparison: Joi.string().valid(...repo.COMPARISONS).required(),
  threshold: Joi.number().min(-1e12).max(1e12).required(),
  durationSeconds: Joi.number().integer().min(0).max(86_400).default(0),
  priority: Joi.string().valid(...repo.ALERT_PRIORITIES).required(),
  message: Joi.string().trim().min(1).max(1000),
});

export function customAlertRoutes(ctx: AppContext, custom: CustomAlerts): ServerRoute[] {
  const { db } = ctx;

  /** The vessel in the path, once the caller is known to hold `need` on it. */
  const access = async (request: { params: { id: number }; auth: { credentials: AuthCredentials }; route: { path: string } }, need: typeof VIEW | typeof MANAGE) => {
    await requireAccess(db, callerOf(request).id, request.params.id, need);
    return request.params.id;
  };
  const ruleOf = async (vesselId: number, alertId: number) => {
    const rule = await repo.findCustomAlert(db, vesselId, alertId);
    if (!rule) throw Boom.notFound('Custom alert not found');
    return rule;
  };
  /** The payload as stored: the property checked against the vessel, a message made when none is given. */
  const fieldsOf = async (vesselId: number, payload: RulePayload): Promise<repo.CustomAlertFields> => {
    const property = await custom.propertyOfVessel(vesselId, payload.propertyId);
    if (!property) throw Boom.badRequest('propertyId is not a property of this vessel');
    return { ...payload, path: property.path, message: payload.message ?? `${property.path} ${payload.comparison} ${payload.threshold}` };
  };

  return [
    defineRoute<{ Params: { id: number }; Payload: RulePayload }>({
      method: 'POST',
      path: '/api/vessel/{id}/customAlerts',
      options: {
        tags: ['api', 'vessel', 'alerts'],
        description: 'Add a custom alert on a property of the vessel (alertManager MANAGE)',
        validate: { params: vesselParams, payload: rulePayload },
        async handler(request) {
          const vesselId = await access(request, MANAGE);
          const id = await repo.insertCustomAlert(db, vesselId, await fieldsOf(vesselId, request.payload), callerOf(request).id);
          auditTarget(request, { targetType: 'customAlert', targetId: id, vesselId });
          await custom.changed(vesselId, id, null);
          return ruleOf(vesselId, id);
        },
      },
    }),
    defineRoute<{ Params: { id: number } }>({
      method: 'GET',
      path: '/api/vessel/{id}/customAlerts',
      options: {
        tags: ['api', 'vessel', 'alerts'],
        description: "The vessel's custom alerts (alertManager VIEW)",
        validate: { params: vesselParams },
        async handler(request) {
          return repo.customAlertsOfVessel(db, await access(request, VIEW));
        },
      },
    }),
    defineRoute<{ Params: Params }>({
      method: 'GET',
      path: '/api/vessel/{id}/customAlerts/{alertId}',
      options: {
        tags: ['api', 'vessel', 'alerts'],
        description: 'One custom alert (alertManager VIEW)',
        validate: { params: ruleParams },
        async handler(request) {
          return ruleOf(await access(request, VIEW), request.params.alertId);
        },
      },
    }),
    defineRoute<{ Params: Params; Payload: RulePayload }>({
      method: 'PUT',
      path: '/api/vessel/{id}/customAlerts/{alertId}',
      options: {
        tags: ['api', 'vessel', 'alerts'],
        description: 'Replace a custom alert (alertManager MANAGE)',
        validate: { params: ruleParams, payload: rulePayload },
        async handler(request) {
          const vesselId = await access(request, MANAGE);
          const rule = await ruleOf(vesselId, request.params.alertId);
          await repo.updateCustomAlert(db, rule.id, await fieldsOf(vesselId, request.payload));
          auditTarget(request, { targetType: 'customAlert', targetId: rule.id, vesselId });
          await custom.changed(vesselId, rule.id, rule.path);
          return ruleOf(vesselId, rule.id);
        },
      },
    }),
    defineRoute<{ Params: Params }>({
      method: 'DELETE',
      path: '/api/vessel/{id}/customAlerts/{alertId}',
      options: {
        tags: ['api', 'vessel', 'alerts'],
        description: 'Remove a custom alert (alertManager MANAGE)',
        validate: { params: ruleParams },
        async handler(request) {
          const vesselId = await access(request, MANAGE);
          const rule = await ruleOf(vesselId, request.params.alertId);
          auditTarget(request, { targetType: 'customAlert', targetId: rule.id, vesselId });
          await custom.changed(vesselId, rule.id, rule.path);
          await repo.deleteCustomAlert(db, rule.id);
          return { id: rule.id, deleted: true };
        },
      },
    }),
    defineRoute<{ Params: Params; Query: { paused: boolean } }>({
      method: 'POST',
      path: '/api/vessel/{id}/customAlerts/{alertId}/pause',
      options: {
        tags: ['api', 'vessel', 'alerts'],
        description: 'Pause (paused=true) or resume (paused=false) a custom alert (alertManager MANAGE)',
        validate: { params: ruleParams, query: Joi.object({ paused: Joi.boolean().required() }) },
        async handler(request) {
          const vesselId = await access(request, MANAGE);
          const rule = await ruleOf(vesselId, request.params.alertId);
          await repo.updateCustomAlert(db, rule.id, { paused: request.query.paused });
          auditTarget(request, { targetType: 'customAlert', targetId: rule.id, vesselId });
          await custom.changed(vesselId, rule.id, rule.path);
          return ruleOf(vesselId, rule.id);
        },
      },
    }),
  ];
}
