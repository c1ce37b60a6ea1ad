import type { Db } from '../../../../db/knex.js';
import { auditTarget } from '../../../../platform/audit.js';
import { ruleRefused } from '../../../../platform/errors.js';
import { defineRoute } from '../../../../platform/routes.js';
import { deleteVesselModel, findVesselModel } from '../../../org/api.js';
import { countVesselsOfModel } from '../../../vessel/api.js';
import { notFound } from '../../../../platform/errors.js';
import { adminOnly } from '../admin-only.js';
import { modelIdParams } from './schemas.js';

/** DELETE admin/vesselModels/{id}: only a model no vessel uses (418 otherwise, naming how many do). */
export const deleteModel = (db: Db) =>
  defineRoute<{ Params: { id: number } }>({
    method: 'DELETE',
    path: '/api/admin/vesselModels/{id}',
    options: {
      auth: adminOnly,
      tags: ['api', 'admin'],
      description: 'Delete a vessel model and its image; refused (418) while vessels use it',
      validate: { params: modelIdParams },
      async handler(request) {
        const { id } = request.params;
        const model = await findVesselModel(db, id);
        if (!model) throw notFound('Vessel model');
        const used = await countVesselsOfModel(db, id);
        if (used > 0) throw ruleRefused(`${model.name} cannot be deleted: ${used} vessel${used === 1 ? ' uses' : 's use'} this model`);
        auditTarget(request, { targetType: 'vesselModel', targetId: id });
        await deleteVesselModel(db, id);
        return { deleted: id };
      },
    },
  });
