import Joi from 'joi';
import type { Db } from '../../../../db/knex.js';
import { auditTarget } from '../../../../platform/audit.js';
import { defineRoute } from '../../../../platform/routes.js';
import { updateVesselModel, type VesselModelInput } from '../../../org/api.js';
import { adminOnly } from '../admin-only.js';
import { modelFields, modelIdParams } from './schemas.js';

/** PUT admin/vesselModels/{id}. */
export const editModel = (db: Db) =>
  defineRoute<{ Params: { id: number }; Payload: Partial<VesselModelInput> }>({
    method: 'PUT',
    path: '/api/admin/vesselModels/{id}',
    options: {
      auth: adminOnly,
      tags: ['api', 'admin'],
      description: "Edit a vessel model's name, manufacturer or length",
      validate: { params: modelIdParams, payload: Joi.object(modelFields).min(1) },
      async handler(request) {
        auditTarget(request, { targetType: 'vesselModel', targetId: request.params.id });
        return updateVesselModel(db, request.params.id, request.payload);
      },
    },
  });
