import Joi from 'joi';

export const idParams = Joi.object({ id: Joi.number().integer().min(1).required() });
