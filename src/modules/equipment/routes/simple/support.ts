/** What the simple-device routes share: their tags, ids and the device details an owner edits. */
import Joi from 'joi';
import { DEVICES_VIEW, type VesselRouteOptions } from '../../../access/api.js';
import { TEMPLATES } from '../../simple/templates.js';

export const SIMPLE_TAGS = ['api', 'devices', 'simpleDevices'];

export const vesselIdQuery = Joi.object({ vesselId: Joi.number().integer().required() });
export const idParams = Joi.object({ id: Joi.number().integer().min(1).required() });
export const fieldId = Joi.number().integer().min(1).required();
export const deviceType = Joi.string().valid(...TEMPLATES.map((t) => t.type));

const text = Joi.string().trim().max(100).allow(null, '');
export const deviceDetails = {
  name: Joi.string().trim().min(1).max(100).required(),
  manufacturer: text,
  model: text,
  serial: text,
  location: text,
};

/** Reading routes that name the vessel in `?vesselId=` (deviceManager VIEW). */
export const vesselQueryScope: VesselRouteOptions = { query: 'vesselId', needs: [DEVICES_VIEW] };
