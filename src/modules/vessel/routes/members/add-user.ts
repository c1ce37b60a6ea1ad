import Joi from 'joi';
import { auditTarget } from '../../../../platform/audit.js';
import type { Limiter } from '../../../../platform/rate-limit.js';
import { callerOf, defineRoute } from '../../../../platform/routes.js';
import { vesselOf } from '../../../access/api.js';
import type { MembersService } from '../../members/service.js';
import { email, idParams } from '../../schemas.js';

/**
 * Each invitation sends an e-mail and may make a pending account, so they are limited like staff
 * invitations: per inviter and per vessel (docs/security.md, "Rate limits").
 */
export const INVITATION_LIMIT = { points: 30, windowSeconds: 3600 } as const;

/** POST vessel/{id}/addUser?email=&name=: invites a person (userManager MANAGE); `name` is what the inviter calls them until they accept. */
export const addUser = (members: MembersService, limits: { byInviter: Limiter; byVessel: Limiter }) =>
  defineRoute<{ Params: { id: number }; Query: { email: string; name?: string } }>({
    method: 'POST',
    path: '/api/vessel/{id}/addUser',
    options: {
      tags: ['api', 'vessel'],
      description: 'Invite a person by e-mail (needs userManager MANAGE); they accept with acceptInvite',
      validate: { params: idParams, query: Joi.object({ email: email.required(), name: Joi.string().trim().max(100).allow('') }) },
      plugins: { vessel: { needs: [{ area: 'userManager', level: 'MANAGE' }] } },
      async handler(request) {
        const scope = vesselOf(request);
        await limits.byInviter.consume(String(callerOf(request).id));
        await limits.byVessel.consume(String(scope.vesselId));
        auditTarget(request, { targetType: 'vessel', targetId: scope.vesselId, vesselId: scope.vesselId, details: { invited: request.query.email } });
        const invited = await members.invite(scope, request.query.email, request.query.name || null);
        return { vesselId: scope.vesselId, ...invited, pending: true };
      },
    },
  });
