import Joi from 'joi';

export const companyKind = Joi.string().valid('dealer', 'manufacturer', 'contractor');

/** A company's details as an administrator writes them. */
export const companyFields = {
  name: Joi.string().trim().min(1).max(200),
  email: Joi.string().email({ tlds: false }).max(320).allow(null),
  phone: Joi.string()
    .max(50)
    .pattern(/^[+0-9 ()-]*$/)
    .allow(null, ''),
  countryCode: Joi.string()
    .length(2)
    .uppercase()
    .pattern(/^[A-Z]{2}$/)
    .allow(null),
  website: Joi.string()
    .uri({ scheme: ['http', 'https'] })
    .max(300)
    .allow(null),
};

export const companyFilter = Joi.object({
  q: Joi.string().max(200).allow(''),
  kind: companyKind,
  countryCode: Joi.string()
    .length(2)
    .uppercase()
    .pattern(/^[A-Z]{2}$/),
});
