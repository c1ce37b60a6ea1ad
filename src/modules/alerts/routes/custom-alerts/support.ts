/**
 * What a vessel's custom-alert routes share: rules on one of its properties (alertManager VIEW
 * reads, MANAGE writes). A rule changed, paused or removed clears the alert it had raised.
 */
import Boom from '@hapi/boom';
import Joi from 'joi';
import type { Db } from '../../../../db/knex.js';
import type { CustomAlerts } from '../../custom/watch.js';
import * as repo from '../../repository.js';

export type RuleParams = { id: number; alertId: number };
export type RulePayload = Omit<repo.CustomAlertFields, 'path' | 'message'> & { message?: string };

export const vesselParams = Joi.object({ id: Joi.number().integer().min(1).required() });
export const ruleParams = vesselParams.keys({ alertId: Joi.number().integer().min(1).required() });
export const rulePayload = Joi.object({
  propertyId: Joi.number().integer().min(1).required(),
  comparison: Joi.string()
    .valid(...repo.COMPARISONS)
    .required(),
  threshold: Joi.number().min(-1e12).max(1e12).required(),
  durationSeconds: Joi.number().integer().min(0).max(86_400).default(0),
  priority: Joi.string()
    .valid(...repo.ALERT_PRIORITIES)
    .required(),
  message: Joi.string().trim().min(1).max(1000),
});

/** A rule of the vessel, or 404. */
export async function ruleOf(db: Db, vesselId: number, alertId: number) {
  const rule = await repo.findCustomAlert(db, vesselId, alertId);
  if (!rule) throw Boom.notFound('Custom alert not found');
  return rule;
}

/** The payload as stored: the property checked against the vessel, a message made when none is given. */
export async function fieldsOf(custom: CustomAlerts, vesselId: number, payload: RulePayload): Promise<repo.CustomAlertFields> {
  const property = await custom.propertyOfVessel(vesselId, payload.propertyId);
  if (!property) throw Boom.badRequest('propertyId is not a property of this vessel');
  return { ...payload, path: property.path, message: payload.message ?? `${property.path} ${payload.comparison} ${payload.threshold}` };
}
