import type { ReqRefDefaults } from '@hapi/hapi';
import { callerOf, defineRoute } from '../../../../platform/routes.js';
import type { ProfileService } from '../../service.js';

/**
 * POST auth/checkSession: the signed-in user's summary, 401 when the session is not valid. It
 * lives here, not in auth, because the summary names the user's company: auth sits below org and
 * must not reach up into it.
 */
export const checkSession = (profile: ProfileService) =>
  defineRoute<ReqRefDefaults>({
    method: 'POST',
    path: '/api/auth/checkSession',
    options: {
      tags: ['api', 'auth'],
      description: 'The signed-in user, or 401 when the session is not valid',
      handler: (request) => profile.sessionSummary(callerOf(request).id),
    },
  });
