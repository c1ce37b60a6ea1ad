import { auditTarget } from '../../../../platform/audit.js';
import { defineRoute } from '../../../../platform/routes.js';
import { type Grants, MANAGE_COMPANY_ACCESS, vesselOf } from '../../../access/api.js';
import { companyIdPayload, idParams } from '../../schemas.js';

/** POST vessel/{id}/revokeCompany {companyId}: removes a company's access. */
export const revokeCompany = (grants: Grants) =>
  defineRoute<{ Params: { id: number }; Payload: { companyId: number } }>({
    method: 'POST',
    path: '/api/vessel/{id}/revokeCompany',
    options: {
      tags: ['api', 'vessel'],
      description: "Remove a company's access (owner, or allowGrantTechnicalAccess with userManager MANAGE)",
      validate: { params: idParams, payload: companyIdPayload },
      plugins: { vessel: { needs: MANAGE_COMPANY_ACCESS } },
      async handler(request) {
        const scope = vesselOf(request);
        const { companyId } = request.payload;
        auditTarget(request, { targetType: 'company', targetId: companyId, vesselId: scope.vesselId });
        await grants.revokeCompany(scope, companyId);
        return { companyId, revoked: true };
      },
    },
  });
