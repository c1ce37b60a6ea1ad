/**
 * The Joi schema of a permission set. The model itself (areas, flags, levels, defaults, atLeast,
 * normalisePermissions) lives in contracts/permissions.ts, shared with the web app.
 */
import Joi from 'joi';
import { LEVELS, PERMISSION_AREAS, PERMISSION_FLAGS } from '../../../contracts/permissions.js';

export * from '../../../contracts/permissions.js';

export const permissionSetSchema = Joi.object({
  ...Object.fromEntries(PERMISSION_AREAS.map((a) => [a, Joi.string().valid(...LEVELS)])),
  ...Object.fromEntries(PERMISSION_FLAGS.map((f) => [f, Joi.boolean()])),
}).label('PermissionSet');
