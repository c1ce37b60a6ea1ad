import Joi from 'joi';
import { callerOf, defineRoute } from '../../../../platform/routes.js';
import type { ProfileService } from '../../service.js';

/** GET profile/billing/showVoucherDetails?code=: what a code gives; limited per user, since codes can be guessed. */
export const voucherDetails = (profile: ProfileService) =>
  defineRoute<{ Query: { code: string } }>({
    method: 'GET',
    path: '/api/profile/billing/showVoucherDetails',
    options: {
      tags: ['api', 'profile', 'billing'],
      description: 'What a voucher code gives, before redeeming it (429 after too many look-ups)',
      validate: { query: Joi.object({ code: Joi.string().trim().uppercase().max(32).required() }) },
      handler: (request) => profile.voucherDetails(callerOf(request).id, request.query.code),
    },
  });
