import Joi from 'joi';

export const vesselIdParams = Joi.object({ id: Joi.number().integer().required() });
export const locationSourceParams = Joi.object({ vesselId: Joi.number().integer().required() });
export const sourceUid = Joi.string().max(256);
/** A bus id as message source uids begin (`n2k`, `nmea0183`). */
export const busId = Joi.string().pattern(/^[A-Za-z0-9_-]{1,64}$/);

/** A time range in ISO 8601; both ends optional (the route picks the default). */
export const timeRange = (from: string, to: string) => Joi.object({ [from]: Joi.string().isoDate(), [to]: Joi.string().isoDate() });

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
