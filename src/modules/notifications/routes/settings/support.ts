/** What the notification settings routes share: their parameters and payload schemas. */
import Joi from 'joi';
import { ESCALATION_CHANNELS, ESCALATION_ROLES } from '../../../../../contracts/alarm-settings.js';
import { ALERT_PRIORITIES } from '../../../alerts/api.js';

export const vesselParams = Joi.object({ id: Joi.number().integer().required() });
export const priority = Joi.string().valid(...ALERT_PRIORITIES);
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
  // Absent (or null): e-mail and push; sms or voice: only that, to each target's verified number.
  channel: Joi.string()
    .valid(...ESCALATION_CHANNELS)
    .allow(null),
});
