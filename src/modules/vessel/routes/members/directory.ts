import { defineRoute } from '../../../../platform/routes.js';
import { vesselOf } from '../../../access/api.js';
import type { MembersService } from '../../members/service.js';
import { idParams } from '../../schemas.js';

/** GET vessel/{id}/directory: the owner, members and companies (userManager VIEW). */
export const vesselDirectory = (members: MembersService) =>
  defineRoute<{ Params: { id: number } }>({
    method: 'GET',
    path: '/api/vessel/{id}/directory',
    options: {
      tags: ['api', 'vessel'],
      description: 'The people and companies on a vessel (needs userManager VIEW)',
      validate: { params: idParams },
      plugins: { vessel: { needs: [{ area: 'userManager', level: 'VIEW' }] } },
      handler: (request) => members.directory(vesselOf(request)),
    },
  });
