import Joi from 'joi';

export const vesselIdParams = Joi.object({ id: Joi.number().integer().required() });

/** A command's value: what a Signal K PUT can carry. */
export const commandValue = Joi.alternatives(Joi.number(), Joi.boolean(), Joi.string().max(1000), Joi.object().max(50)).required();

/** A command's request id, made by the client (a UUID) or by the server when absent. */
export const requestIdSchema = Joi.string().pattern(/^[A-Za-z0-9._:-]{1,64}$/);

/** `sendCommand`'s body (contracts/live.ts CommandRequest). */
export const commandPayload = Joi.object({
  deviceProperty: Joi.number().integer().required(),
  value: commandValue,
  requestId: requestIdSchema,
  queueForSeconds: Joi.number().integer().min(1).max(86_400),
});
