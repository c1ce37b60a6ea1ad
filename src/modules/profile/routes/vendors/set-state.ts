import Joi from 'joi';
import { auditTarget } from '../../../../platform/audit.js';
import { callerOf, defineRoute } from '../../../../platform/routes.js';
import type { ProfileService } from '../../service.js';

/** POST profile/vendors/{vendorId}/{state}: 404 for a company that is not the caller's vendor. */
export const setVendorState = (profile: ProfileService) =>
  defineRoute<{ Params: { vendorId: number; state: boolean } }>({
    method: 'POST',
    path: '/api/profile/vendors/{vendorId}/{state}',
    options: {
      tags: ['api', 'profile'],
      description: "Enable (true) or pause (false) a vendor's access to all your vessels",
      validate: { params: Joi.object({ vendorId: Joi.number().integer().required(), state: Joi.boolean().required() }) },
      handler(request) {
        const { vendorId, state } = request.params;
        auditTarget(request, { targetType: 'company', targetId: vendorId });
        return profile.setVendorEnabled(callerOf(request).id, vendorId, state);
      },
    },
  });
