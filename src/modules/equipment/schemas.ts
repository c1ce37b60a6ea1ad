import Joi from 'joi';

export const vesselIdParams = Joi.object({ id: Joi.number().integer().required() });
