import { defineRoute } from '../../../../platform/routes.js';
import { vesselOf } from '../../../access/api.js';
import { idParams } from '../../schemas.js';

/** GET vessel/{id}/currentUserPerms: what the caller may do on the vessel. */
export const currentUserPermissions = () =>
  defineRoute<{ Params: { id: number } }>({
    method: 'GET',
    path: '/api/vessel/{id}/currentUserPerms',
    options: {
      tags: ['api', 'vessel'],
      description: 'Your permission set on a vessel',
      validate: { params: idParams },
      plugins: { vessel: {} },
      handler: (request) => vesselOf(request).access.permissions,
    },
  });
