import Joi from 'joi';
import { APP_START_PAGES } from '../../../../../contracts/vessels.js';
import { type AccessNeed, DEVICES_MANAGE, DEVICES_VIEW } from '../../../access/api.js';

export const READ_APP_SETTINGS: readonly AccessNeed[] = [DEVICES_VIEW];
/** Changing what every phone and display of the vessel shows is managing its devices' presentation. */
export const EDIT_APP_SETTINGS: readonly AccessNeed[] = [DEVICES_MANAGE];

export const settingParams = Joi.object({ id: Joi.number().integer().required(), settingId: Joi.number().integer().min(1).required() });

const ids = Joi.array().items(Joi.number().integer().min(1)).max(200).unique();

export const settingPayload = Joi.object({
  name: Joi.string().trim().min(1).max(100).required(),
  deviceIds: ids.default([]),
  gaugePropertyIds: ids.max(24).default([]),
  startPage: Joi.string()
    .valid(...APP_START_PAGES)
    .default('overview'),
});
