import Joi from 'joi';
import { auditTarget } from '../../../../platform/audit.js';
import { defineRoute } from '../../../../platform/routes.js';
import { type Grants, MANAGE_COMPANY_ACCESS, vesselOf } from '../../../access/api.js';
import { companyParams } from '../../schemas.js';

/** POST vessel/{id}/pauseCompany/{companyId}/{flag}: a paused company keeps its permissions but may do nothing. */
export const pauseCompany = (grants: Grants) =>
  defineRoute<{ Params: { id: number; companyId: number; flag: boolean } }>({
    method: 'POST',
    path: '/api/vessel/{id}/pauseCompany/{companyId}/{flag}',
    options: {
      tags: ['api', 'vessel'],
      description: "Pause (true) or resume (false) a company's access (owner, or allowGrantTechnicalAccess with userManager MANAGE)",
      validate: { params: companyParams.keys({ flag: Joi.boolean().required() }) },
      plugins: { vessel: { needs: MANAGE_COMPANY_ACCESS } },
      async handler(request) {
        const scope = vesselOf(request);
        const { companyId, flag } = request.params;
        auditTarget(request, { targetType: 'company', targetId: companyId, vesselId: scope.vesselId, details: { paused: flag } });
        await grants.pauseCompany(scope, companyId, flag);
        return { companyId, paused: flag };
      },
    },
  });
