import Joi from 'joi';
import { permissionSetSchema } from './permissions.js';

export const vesselId = Joi.number().integer().min(1);
export const idParams = Joi.object({ id: vesselId.required() });
export const stateParams = Joi.object({ id: vesselId.required(), state: Joi.boolean().required() });

/** An e-mail address as accounts store it (lower case, no surrounding spaces). */
export const email = Joi.string().trim().lowercase().email({ tlds: false }).max(320);

const nullableText = (max: number) => Joi.string().trim().max(max).allow(null, '');

export const vesselFields = {
  name: Joi.string().trim().min(1).max(200),
  modelId: Joi.number().integer().min(1).allow(null),
  groupName: nullableText(200),
  hullId: nullableText(50),
  homePort: nullableText(200),
};

export interface VesselFieldsPayload {
  name?: string;
  modelId?: number | null;
  groupName?: string | null;
  hullId?: string | null;
  homePort?: string | null;
}

export const createVesselPayload = Joi.object({ ...vesselFields, name: vesselFields.name.required() });
export const editVesselPayload = Joi.object(vesselFields).min(1);

export const userIdPayload = Joi.object({ userId: Joi.number().integer().required() });
export const permissionsPayload = Joi.object({ userId: Joi.number().integer().required(), permissions: permissionSetSchema.required() });
export const companyIdPayload = Joi.object({ companyId: Joi.number().integer().required() });
/** A company grant's window (docs/api.md): ISO times, null for no limit on that side. */
const accessWindowKeys = {
  startsAt: Joi.string().isoDate().allow(null),
  endsAt: Joi.string().isoDate().allow(null),
};
export const companyGrantPayload = Joi.object({ permissions: permissionSetSchema, ...accessWindowKeys });
export const companyPermissionsPayload = Joi.object({ companyId: Joi.number().integer().required(), permissions: permissionSetSchema, ...accessWindowKeys }).or(
  'permissions',
  'startsAt',
  'endsAt',
);
export const companyParams = Joi.object({ id: vesselId.required(), companyId: Joi.number().integer().required() });
