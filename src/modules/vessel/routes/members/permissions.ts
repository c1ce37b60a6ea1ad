import { defineRoute } from '../../../../platform/routes.js';
import { vesselOf } from '../../../access/api.js';
import type { MembersService } from '../../members/service.js';
import { idParams } from '../../schemas.js';

/** GET vessel/{id}/permissions: every grant's permission set (userManager VIEW). */
export const vesselPermissions = (members: MembersService) =>
  defineRoute<{ Params: { id: number } }>({
    method: 'GET',
    path: '/api/vessel/{id}/permissions',
    options: {
      tags: ['api', 'vessel'],
      description: 'The permission set of every member (needs userManager VIEW)',
      validate: { params: idParams },
      plugins: { vessel: { needs: [{ area: 'userManager', level: 'VIEW' }] } },
      handler: async (request) => (await members.directory(vesselOf(request))).filter((m) => m.role !== 'owner'),
    },
  });
