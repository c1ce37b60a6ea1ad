import Joi from 'joi';

export const userIdParams = Joi.object({ id: Joi.number().integer().min(1).required() });

export const pageQuery = {
  page: Joi.number().integer().min(0).default(0),
  size: Joi.number().integer().min(1).max(200).default(20),
  sort: Joi.string()
    .max(64)
    .pattern(/^[A-Za-z]+(,(asc|desc))?$/),
};
