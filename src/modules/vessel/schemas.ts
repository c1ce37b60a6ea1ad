import Joi from 'joi';
import { permissionSetSchema } from './permissions.js';

export const vesselId = Joi.number().integer().min(1);
export const idParams = Joi.object({ id: vesselId.required() });

const nullableText = (max: number) => Joi.string().trim().max(max).allow(null, '');

export const vesselFields = {
  name: Joi.string().trim().min(1).max(200),
  modelId: Joi.number().integer().min(1).allow(null),
  groupName: nullableText(200),
  hullId: nullableText(50),
  homePort: nullableText(200),
};

export const createVesselPayload = Joi.object({ ...vesselFields, name: vesselFields.name.required() });
export const editVesselPayload = Joi.object(vesselFields).min(1);

export const memberPayload = Joi.object({ userId: Joi.number().integer().required() });
export const permissionsPayload = Joi.object({ userId: Joi.number().integer().required(), permissions: permissionSetSchema.required() });
export const companyPermissionsPayload = Joi.object({ companyId: Joi.number().integer().required(), permissions: permissionSetSchema.required() });
export const stateParams = Joi.object({ id: vesselId.required(), state: Joi.boolean().required() });
