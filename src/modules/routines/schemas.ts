/** What a routine looks like on the wire; Joi names the field of anything wrong (docs/api.md, "Routines"). */
import Joi from 'joi';
import { ALERT_EVENTS, ROUTINE_ALERT_PRIORITIES, ROUTINE_COMPARISONS, ROUTINE_MODES } from '../../../contracts/routines.js';

const id = Joi.number().integer().min(1);
const hhmm = Joi.string().pattern(/^([01]\d|2[0-3]):[0-5]\d$/, 'HH:MM');
const value = Joi.alternatives().try(Joi.number().min(-1e12).max(1e12), Joi.string().max(200), Joi.boolean());
const propertyTest = {
  propertyId: id.required(),
  comparison: Joi.string()
    .valid(...ROUTINE_COMPARISONS)
    .required(),
  value: value.required(),
};

export const MAX_TRIGGERS = 10;
export const MAX_CONDITIONS = 20;
export const MAX_ACTIONS = 20;
/** A wait action waits at most a day. */
export const MAX_WAIT_SECONDS = 86_400;

const trigger = Joi.object({
  type: Joi.string().valid('property', 'time', 'schedule', 'sun', 'geofence', 'online', 'alert').required(),
})
  .when(Joi.object({ type: 'property' }).unknown(), {
    then: Joi.object({ ...propertyTest, forSeconds: Joi.number().integer().min(0).max(86_400).default(0) }),
  })
  .when(Joi.object({ type: 'time' }).unknown(), { then: Joi.object({ at: hhmm.required() }) })
  .when(Joi.object({ type: 'schedule' }).unknown(), { then: Joi.object({ cron: Joi.string().trim().min(9).max(100).required() }) })
  .when(Joi.object({ type: 'sun' }).unknown(), {
    then: Joi.object({ event: Joi.string().valid('sunrise', 'sunset').required(), offsetMinutes: Joi.number().integer().min(-720).max(720).default(0) }),
  })
  .when(Joi.object({ type: 'geofence' }).unknown(), { then: Joi.object({ event: Joi.string().valid('enter', 'leave').required() }) })
  .when(Joi.object({ type: 'online' }).unknown(), { then: Joi.object({ online: Joi.boolean().required() }) })
  .when(Joi.object({ type: 'alert' }).unknown(), {
    then: Joi.object({
      event: Joi.string()
        .valid(...ALERT_EVENTS)
        .required(),
      path: Joi.string().trim().min(1).max(256),
    }),
  });

export const condition = Joi.object({ type: Joi.string().valid('property', 'time', 'online').required() })
  .when(Joi.object({ type: 'property' }).unknown(), { then: Joi.object(propertyTest) })
  .when(Joi.object({ type: 'time' }).unknown(), { then: Joi.object({ after: hhmm.required(), before: hhmm.required() }) })
  .when(Joi.object({ type: 'online' }).unknown(), { then: Joi.object({ online: Joi.boolean().required() }) });

const priority = Joi.string().valid(...ROUTINE_ALERT_PRIORITIES);
const action = Joi.object({
  type: Joi.string().valid('command', 'wait', 'raiseAlert', 'clearAlert', 'notify').required(),
  continueOnError: Joi.boolean().default(false),
})
  .when(Joi.object({ type: 'command' }).unknown(), { then: Joi.object({ propertyId: id.required(), value: value.required() }) })
  .when(Joi.object({ type: 'wait' }).unknown(), { then: Joi.object({ seconds: Joi.number().integer().min(1).max(MAX_WAIT_SECONDS).required() }) })
  .when(Joi.object({ type: 'raiseAlert' }).unknown(), {
    then: Joi.object({ priority: priority.required(), message: Joi.string().trim().min(1).max(1000).required() }),
  })
  .when(Joi.object({ type: 'notify' }).unknown(), {
    then: Joi.object({
      message: Joi.string().trim().min(1).max(1000).required(),
      priority: priority.default('warning'),
      userIds: Joi.array().items(id).max(50),
    }),
  });

export const routinePayload = Joi.object({
  name: Joi.string().trim().min(1).max(120).required(),
  matchAll: Joi.boolean().default(true),
  mode: Joi.string()
    .valid(...ROUTINE_MODES)
    .default('single'),
  timeZone: Joi.string().trim().max(64),
  enabled: Joi.boolean().default(true),
  triggers: Joi.array()
    .items(trigger)
    .min(1)
    .max(MAX_TRIGGERS)
    .required()
    .messages({ 'array.min': 'Add at least one trigger: when should the routine run?', 'array.max': `A routine takes at most ${MAX_TRIGGERS} triggers` }),
  conditions: Joi.array().items(condition).max(MAX_CONDITIONS).default([]),
  actions: Joi.array()
    .items(action)
    .min(1)
    .max(MAX_ACTIONS)
    .required()
    .messages({ 'array.min': 'Add at least one action: what should the routine do?', 'array.max': `A routine takes at most ${MAX_ACTIONS} actions` }),
});

export const vesselParams = Joi.object({ id: id.required() });
export const routineParams = vesselParams.keys({ routineId: id.required() });
