import Joi from 'joi';

/** A serial is the bridge's MQTT client id and a topic level: no `/`, `+`, `#` or spaces. */
export const serial = Joi.string()
  .pattern(/^[A-Za-z0-9][A-Za-z0-9_-]{2,63}$/)
  .message('serial must be 3 to 64 letters, digits, - or _');
export const version = Joi.string()
  .max(64)
  .pattern(/^[\w.+-]+$/);

export const bridgeIdParams = Joi.object({ id: Joi.number().integer().required() });
export const vesselIdParams = Joi.object({ id: Joi.number().integer().required() });

/** The caller's own password, checked again before actions on the bridge itself (docs/product.md §5). */
export const adminPasswordQuery = Joi.object({ adminPassword: Joi.string().max(128).required() });

export const LOG_LEVELS = ['error', 'warn', 'info', 'debug'] as const;
