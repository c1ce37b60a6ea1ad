import { auditTarget } from '../../../../platform/audit.js';
import { defineRoute } from '../../../../platform/routes.js';
import { type AccessWindow, MANAGE_COMPANY_ACCESS, type PermissionSet, vesselOf } from '../../../access/api.js';
import type { MembersService } from '../../members/service.js';
import { companyGrantPayload, companyParams } from '../../schemas.js';

/** POST vessel/{id}/addCompany/{companyId}: technical access, never beyond the granter's own, optionally from a start to an end. */
export const addCompany = (members: MembersService) =>
  defineRoute<{ Params: { id: number; companyId: number }; Payload: ({ permissions?: Partial<PermissionSet> } & Partial<AccessWindow>) | null }>({
    method: 'POST',
    path: '/api/vessel/{id}/addCompany/{companyId}',
    options: {
      tags: ['api', 'vessel'],
      description:
        'Give a company technical access (optional body: its permission set, startsAt and endsAt; owner, or allowGrantTechnicalAccess with userManager MANAGE)',
      validate: { params: companyParams, payload: companyGrantPayload.allow(null) },
      plugins: { vessel: { needs: MANAGE_COMPANY_ACCESS } },
      async handler(request) {
        const scope = vesselOf(request);
        const { companyId } = request.params;
        const { permissions = {}, startsAt = null, endsAt = null } = request.payload ?? {};
        auditTarget(request, { targetType: 'company', targetId: companyId, vesselId: scope.vesselId, details: { startsAt, endsAt } });
        return members.addCompany(scope, companyId, permissions, { startsAt, endsAt });
      },
    },
  });
