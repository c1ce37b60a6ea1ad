import { auditTarget } from '../../../../platform/audit.js';
import { defineRoute } from '../../../../platform/routes.js';
import { type AccessWindow, type Grants, MANAGE_COMPANY_ACCESS, type PermissionSet, vesselOf } from '../../../access/api.js';
import { companyPermissionsPayload, idParams } from '../../schemas.js';

/** POST vessel/{id}/editCompany: changes the entries given and the window's ends given, never beyond the granter's own. */
export const editCompany = (grants: Grants) =>
  defineRoute<{ Params: { id: number }; Payload: { companyId: number; permissions?: Partial<PermissionSet> } & Partial<AccessWindow> }>({
    method: 'POST',
    path: '/api/vessel/{id}/editCompany',
    options: {
      tags: ['api', 'vessel'],
      description:
        "Change a company's permission set or its startsAt/endsAt (owner, or allowGrantTechnicalAccess with userManager MANAGE; never beyond your own)",
      validate: { params: idParams, payload: companyPermissionsPayload },
      plugins: { vessel: { needs: MANAGE_COMPANY_ACCESS } },
      async handler(request) {
        const scope = vesselOf(request);
        const { companyId, permissions = {}, startsAt, endsAt } = request.payload;
        auditTarget(request, { targetType: 'company', targetId: companyId, vesselId: scope.vesselId, details: { permissions, startsAt, endsAt } });
        return { companyId, ...(await grants.editCompany(scope, companyId, permissions, { startsAt, endsAt })) };
      },
    },
  });
