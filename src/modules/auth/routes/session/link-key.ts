import { callerOf, defineRoute } from '../../../../platform/routes.js';
import { sessionIdOf } from '../../api.js';
import { LINK_KEY_LIMIT, LINK_KEY_TTL_SECONDS, type LinkKeys } from '../../link-keys.js';
import { linkKeyPayload } from '../../schemas.js';

/**
 * POST auth/linkKeys {path}: a link key for one address that takes them (link-keys.ts), for the
 * links of this session that cannot send a header; limited per session.
 */
export const createLinkKey = (links: LinkKeys) =>
  defineRoute<{ Payload: { path: string } }>({
    method: 'POST',
    path: '/api/auth/linkKeys',
    options: {
      tags: ['api', 'auth'],
      description: `A link key for one address of this session (an image, a download, a stream), carried as ?linkKey=: valid ${LINK_KEY_TTL_SECONDS / 60} minutes, on that path only, while the session lives; 400 for an address that takes none, the vessel's refusal (404, 403, 418) for one you cannot reach, 429 past ${LINK_KEY_LIMIT.points} a minute`,
      validate: { payload: linkKeyPayload },
      async handler(request) {
        return links.issue(request.server, { sessionId: sessionIdOf(request), userId: callerOf(request).id }, request.payload.path);
      },
    },
  });
