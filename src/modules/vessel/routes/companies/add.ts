import Joi from 'joi';
import { auditTarget } from '../../../../platform/audit.js';
import { defineRoute } from '../../../../platform/routes.js';
import { MANAGE_COMPANY_ACCESS, type PermissionSet, vesselOf } from '../../../access/api.js';
import type { MembersService } from '../../members/service.js';
import { permissionSetSchema } from '../../permissions.js';
import { companyParams } from '../../schemas.js';

/** POST vessel/{id}/addCompany/{companyId}: technical access, never beyond the granter's own. */
export const addCompany = (members: MembersService) =>
  defineRoute<{ Params: { id: number; companyId: number }; Payload: { permissions?: Partial<PermissionSet> } | null }>({
    method: 'POST',
    path: '/api/vessel/{id}/addCompany/{companyId}',
    options: {
      tags: ['api', 'vessel'],
      description: 'Give a company technical access (optional body: its permission set; owner, or allowGrantTechnicalAccess with userManager MANAGE)',
      validate: { params: companyParams, payload: Joi.object({ permissions: permissionSetSchema }).allow(null) },
      plugins: { vessel: { needs: MANAGE_COMPANY_ACCESS } },
      async handler(request) {
        const scope = vesselOf(request);
        const { companyId } = request.params;
        auditTarget(request, { targetType: 'company', targetId: companyId, vesselId: scope.vesselId });
        return members.addCompany(scope, companyId, request.payload?.permissions ?? {});
      },
    },
  });
