import Joi from 'joi';
import type { Db } from '../../../../db/knex.js';
import { auditTarget } from '../../../../platform/audit.js';
import { defineRoute } from '../../../../platform/routes.js';
import { createVesselModel, type VesselModelInput } from '../../../org/api.js';
import { adminOnly } from '../admin-only.js';
import { modelFields } from './schemas.js';

/** POST admin/vesselModels {name, manufacturerId, lengthM?}. */
export const createModel = (db: Db) =>
  defineRoute<{ Payload: VesselModelInput }>({
    method: 'POST',
    path: '/api/admin/vesselModels',
    options: {
      auth: adminOnly,
      tags: ['api', 'admin'],
      description: 'Create a vessel model of a manufacturer {name, manufacturerId, lengthM?}; 409 for a name the manufacturer already uses',
      validate: { payload: Joi.object({ ...modelFields, name: modelFields.name.required(), manufacturerId: modelFields.manufacturerId.required() }) },
      async handler(request) {
        const model = await createVesselModel(db, request.payload);
        auditTarget(request, { targetType: 'vesselModel', targetId: model.id });
        return model;
      },
    },
  });
