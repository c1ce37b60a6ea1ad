import Joi from 'joi';
import { auditTarget } from '../../../../platform/audit.js';
import { defineRoute } from '../../../../platform/routes.js';
import { vesselOf } from '../../../access/api.js';
import type { MembersService } from '../../members/service.js';
import { email, idParams } from '../../schemas.js';

/** POST vessel/{id}/addUser?email=: invites a person (userManager MANAGE). */
export const addUser = (members: MembersService) =>
  defineRoute<{ Params: { id: number }; Query: { email: string } }>({
    method: 'POST',
    path: '/api/vessel/{id}/addUser',
    options: {
      tags: ['api', 'vessel'],
      description: 'Invite a person by e-mail (needs userManager MANAGE); they accept with acceptInvite',
      validate: { params: idParams, query: Joi.object({ email: email.required() }) },
      plugins: { vessel: { needs: [{ area: 'userManager', level: 'MANAGE' }] } },
      async handler(request) {
        const scope = vesselOf(request);
        auditTarget(request, { targetType: 'vessel', targetId: scope.vesselId, vesselId: scope.vesselId, details: { invited: request.query.email } });
        const invited = await members.invite(scope, request.query.email);
        return { vesselId: scope.vesselId, ...invited, pending: true };
      },
    },
  });
