import Joi from 'joi';
import { countryCode, languageCode, name, password } from '../auth/api.js';

const timeZones = new Set(Intl.supportedValuesOf('timeZone'));

export const timeZone = Joi.string()
  .max(64)
  .custom((value, helpers) => (value === 'Universal' || value === 'UTC' || timeZones.has(value) ? value : helpers.error('any.invalid')))
  .messages({ 'any.invalid': '{{#label}} must be a known time zone' });

export const preferences = Joi.object({
  unitSystem: Joi.string().valid('metric', 'imperial'),
  theme: Joi.string().valid('light', 'dark').allow(null),
  timeFormat: Joi.string().valid('24h', '12h'),
  timeZone,
}).label('Preferences');

export const editProfilePayload = Joi.object({
  firstName: name.min(1),
  lastName: name.min(1),
  phone: Joi.string()
    .trim()
    .max(50)
    .pattern(/^[+0-9 ()-]*$/)
    .allow(null, ''),
  countryCode: countryCode.allow(null),
  languageCode: languageCode.allow(null),
  preferences,
}).min(1);

export const changePasswordPayload = Joi.object({
  currentPassword: Joi.string().max(128).required(),
  newPassword: password.required(),
});
