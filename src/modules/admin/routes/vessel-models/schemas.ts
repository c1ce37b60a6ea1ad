import Joi from 'joi';

export const modelIdParams = Joi.object({ id: Joi.number().integer().min(1).required() });

export const modelFields = {
  name: Joi.string().trim().min(1).max(200),
  manufacturerId: Joi.number().integer().min(1),
  lengthM: Joi.number().min(1).max(200).allow(null),
};
