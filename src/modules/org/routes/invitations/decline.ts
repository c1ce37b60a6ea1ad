import Joi from 'joi';
import { auditTarget } from '../../../../platform/audit.js';
import { callerOf, defineRoute } from '../../../../platform/routes.js';
import type { NetworkService } from '../../network-service.js';

/** POST org/invitations/{kind}/{id}/decline: only the invitee; someone else’s invitation answers 404. */
export const declineInvitation = (svc: NetworkService) =>
  defineRoute<{ Params: { kind: 'client' | 'staff'; id: number } }>({
    method: 'POST',
    path: '/api/org/invitations/{kind}/{id}/decline',
    options: {
      tags: ['api', 'org'],
      description: 'Decline an invitation from a company',
      validate: { params: Joi.object({ kind: Joi.string().valid('client', 'staff').required(), id: Joi.number().integer().min(1).required() }) },
      async handler(request) {
        auditTarget(request, { targetType: request.params.kind === 'client' ? 'company_client' : 'company_staff', targetId: request.params.id });
        return svc.answer(callerOf(request).id, request.params.kind, request.params.id, false);
      },
    },
  });
