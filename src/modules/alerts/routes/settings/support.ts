/** What the vessel alarm settings routes share: their payload schemas. */
import Joi from 'joi';
import { VESSEL_MODES } from '../../settings-repository.js';

export const mode = Joi.string().valid(...VESSEL_MODES);
/** An origin (`no-data`) or a Signal K path or path prefix (`environment.inside.bilge`). */
export const source = Joi.string()
  .trim()
  .max(256)
  .pattern(/^[A-Za-z0-9_.-]+$/);
