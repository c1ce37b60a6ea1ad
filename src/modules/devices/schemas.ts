import Joi from 'joi';

export const vesselIdParams = Joi.object({ id: Joi.number().integer().required() });
/** A bus id as message source uids begin (`n2k`, `nmea0183`). */
export const busId = Joi.string().pattern(/^[A-Za-z0-9_-]{1,64}$/);

/** A time range in ISO 8601; both ends optional (the route picks the default). */
export const timeRange = (from: string, to: string) => Joi.object({ [from]: Joi.string().isoDate(), [to]: Joi.string().isoDate() });
