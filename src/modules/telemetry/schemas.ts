import Joi from 'joi';

export const vesselIdParams = Joi.object({ id: Joi.number().integer().required() });
export const locationSourceParams = Joi.object({ vesselId: Joi.number().integer().required() });
export const sourceUid = Joi.string().max(256);

/** A time range in ISO 8601; both ends optional (the route picks the default). */
export const timeRange = (from: string, to: string) => Joi.object({ [from]: Joi.string().isoDate(), [to]: Joi.string().isoDate() });
