import type { ReqRefDefaults } from '@hapi/hapi';
import { callerOf, defineRoute } from '../../../../platform/routes.js';
import { sessionIdOf } from '../../api.js';
import type { AuthService } from '../../service.js';

/** POST auth/logout: the session ends on the server, so a copied key stops working too. */
export const logout = (auth: AuthService) =>
  defineRoute<ReqRefDefaults>({
    method: 'POST',
    path: '/api/auth/logout',
    options: {
      tags: ['api', 'auth'],
      description: 'Ends this session on the server',
      async handler(request) {
        await auth.logout(sessionIdOf(request), callerOf(request).id);
        return null;
      },
    },
  });
