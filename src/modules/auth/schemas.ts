import Joi from 'joi';
import { PASSWORD_MAX, PASSWORD_MIN } from '../../platform/secrets.js';

export const email = Joi.string().trim().lowercase().email({ tlds: false }).max(320);
/** A new password: the rule of contracts/passwords.ts, refused in the words the web app shows. */
export const password = Joi.string()
  .min(PASSWORD_MIN)
  .max(PASSWORD_MAX)
  .messages({
    'string.min': `Use at least ${PASSWORD_MIN} characters for the password.`,
    'string.max': `Use at most ${PASSWORD_MAX} characters for the password.`,
  });
export const name = Joi.string().trim().max(100);
export const countryCode = Joi.string()
  .uppercase()
  .length(2)
  .pattern(/^[A-Z]{2}$/);
export const languageCode = Joi.string()
  .max(10)
  .pattern(/^[a-z]{2}(-[A-Z]{2})?$/);

export const loginPayload = Joi.object({
  username: email.required().label('username'),
  // Not bounded below: a wrong short password is just a wrong password.
  password: Joi.string().max(PASSWORD_MAX).required(),
  /** The key the device's last sign-in gave it (login-throttle.ts, DeviceKeys). */
  deviceKey: Joi.string().max(200),
});

export const createAccountPayload = Joi.object({
  email: email.required(),
  password: password.required(),
  firstName: name.min(1).required(),
  lastName: name.min(1).required(),
  countryCode,
  languageCode,
});

/** The one path a link key is asked for: an API address as the server sees it, without query. */
export const linkKeyPayload = Joi.object({
  path: Joi.string()
    .max(300)
    .pattern(/^\/api\/[\w.~/-]+$/)
    .required(),
});

/** The query of a route that takes link keys (`plugins: { linkKey: true }`), with its own fields added by `.keys()`. */
export const linkKeyQuery = Joi.object({ linkKey: Joi.string().max(1000) });

export const tokenResponse = Joi.object({ token: Joi.string() }).label('Token');
