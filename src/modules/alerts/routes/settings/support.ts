/** What the alarm settings routes share: their payload schemas. */
import Joi from 'joi';
import { ALERT_PRIORITIES } from '../../repository.js';
import { ESCALATION_ROLES, VESSEL_MODES } from '../../settings-repository.js';

export const priority = Joi.string().valid(...ALERT_PRIORITIES);
export const mode = Joi.string().valid(...VESSEL_MODES);
/** An origin (`no-data`) or a Signal K path or path prefix (`environment.inside.bilge`). */
export const source = Joi.string()
  .trim()
  .max(256)
  .pattern(/^[A-Za-z0-9_.-]+$/);
export const hhmm = Joi.string().pattern(/^([01]\d|2[0-3]):[0-5]\d$/);

export const escalationStep = Joi.object({
  afterMinutes: Joi.number()
    .integer()
    .min(0)
    .max(24 * 60)
    .required(),
  target: Joi.alternatives()
    .try(
      Joi.object({ kind: Joi.string().valid('user').required(), userId: Joi.number().integer().required() }),
      Joi.object({
        kind: Joi.string().valid('role').required(),
        role: Joi.string()
          .valid(...ESCALATION_ROLES)
          .required(),
      }),
      Joi.object({ kind: Joi.string().valid('company').required(), companyId: Joi.number().integer().required() }),
    )
    .required(),
});
