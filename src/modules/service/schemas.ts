import Joi from 'joi';
import { SERVICE_REQUEST_MESSAGE_MAX_LENGTH } from '../../../contracts/service-requests.js';

const id = Joi.number().integer().min(1);
export const vesselParams = Joi.object({ id: id.required() });
export const itemParams = Joi.object({ id: id.required(), itemId: id.required() });

/** A calendar day, YYYY-MM-DD, that exists. */
const day = Joi.string()
  .pattern(/^\d{4}-\d{2}-\d{2}$/)
  .custom((value: string, helpers) => (new Date(`${value}T00:00:00Z`).toISOString().startsWith(value) ? value : helpers.error('any.invalid')))
  .messages({ 'string.pattern.base': '{{#label}} must be a day written YYYY-MM-DD', 'any.invalid': '{{#label}} is not a day of the calendar' });

const hours = Joi.number().min(0).max(1_000_000);

export const itemPayload = Joi.object({
  name: Joi.string().trim().min(1).max(120).required(),
  engine: Joi.string()
    .pattern(/^[A-Za-z0-9_-]{1,60}$/)
    .allow(null)
    .messages({ 'string.pattern.base': '{{#label}} must be an engine id such as port, starboard or generator' }),
  intervalHours: Joi.number().greater(0).max(100_000).allow(null),
  intervalMonths: Joi.number().integer().min(1).max(240).allow(null),
  reminderHours: Joi.number().min(0).max(10_000),
  reminderDays: Joi.number().integer().min(0).max(3650),
  lastDoneOn: day,
  lastDoneHours: hours.allow(null),
});

export const completionPayload = Joi.object({
  doneOn: day,
  runHours: hours.allow(null),
  doneBy: Joi.string().trim().allow('').max(200),
  notes: Joi.string().trim().allow('').max(5000),
  documentIds: Joi.array().items(id).max(20),
}).default({});

export const alertParams = Joi.object({ id: id.required(), alertId: id.required() });
export const requestParams = Joi.object({ requestId: id.required() });

export const requestPayload = Joi.object({
  companyId: id.required(),
  message: Joi.string().trim().allow('').max(SERVICE_REQUEST_MESSAGE_MAX_LENGTH),
});

export const requestDonePayload = Joi.object({
  notes: Joi.string().trim().allow('').max(5000),
}).default({});
