import Joi from 'joi';
import { callerOf, defineRoute } from '../../../../platform/routes.js';
import type { ProfileService } from '../../service.js';

/** GET profile/vendors/{id}/vesselList: 404 for a company that is not the caller's vendor. */
export const vendorVessels = (profile: ProfileService) =>
  defineRoute<{ Params: { id: number } }>({
    method: 'GET',
    path: '/api/profile/vendors/{id}/vesselList',
    options: {
      tags: ['api', 'profile'],
      description: 'Which of your vessels a vendor has access to',
      validate: { params: Joi.object({ id: Joi.number().integer().required() }) },
      handler: (request) => profile.vendorVessels(callerOf(request).id, request.params.id),
    },
  });
