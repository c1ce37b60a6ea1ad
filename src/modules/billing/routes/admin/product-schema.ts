import Joi from 'joi';

/** A product as an administrator writes it: price in minor units (pence, cents), ISO 4217 currency, term in months. */
export const productFields = {
  code: Joi.string()
    .max(50)
    .pattern(/^[A-Za-z0-9_-]+$/)
    .messages({ 'string.pattern.base': 'code may hold only letters, digits, hyphens and underscores, e.g. CLOUD_CONNECT' }),
  name: Joi.string().trim().min(1).max(200),
  description: Joi.string().max(1000).allow(''),
  pricePence: Joi.number().integer().min(0).max(100_000_000),
  currency: Joi.string()
    .length(3)
    .pattern(/^[A-Z]{3}$/)
    .messages({ 'string.pattern.base': 'currency must be three capital letters, e.g. GBP' }),
  termMonths: Joi.number().integer().min(1).max(120),
  active: Joi.boolean(),
};
