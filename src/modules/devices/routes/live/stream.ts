import { defineRoute } from '../../../../platform/routes.js';
import { vesselOf } from '../../../access/api.js';
import { linkKeyQuery } from '../../../auth/api.js';
import type { LiveStreams } from '../../live.js';
import { vesselIdParams } from '../../schemas.js';

/**
 * GET vessel/{id}/live: the vessel's server-sent event stream (docs/api.md, "Live stream"), open to any
 * member; what each kind of event needs is checked in live.ts. An unsubscribed vessel outside its
 * test period answers a 418 that says why and how to renew (docs/product.md). EventSource cannot
 * set headers, so a link key may ride in the query; the stream outlives it, checking the session
 * behind it. The handler reads neither params nor query (the scope names the vessel), and the
 * stream keeps hapi's plain request for its session re-check.
 */
export const liveStream = (live: LiveStreams) =>
  defineRoute({
    method: 'GET',
    path: '/api/vessel/{id}/live',
    options: {
      tags: ['api', 'vessel'],
      description: 'Server-sent events: hello, batch, devices, online, alert, command; a keepalive comment every 15 s; at most 10 open per user (429)',
      plugins: { envelope: false, linkKey: true, vessel: { cloudService: 'live' } },
      validate: { params: vesselIdParams, query: linkKeyQuery },
      async handler(request, h) {
        const { access, caller } = vesselOf(request);
        const stream = await live.stream(request, access, caller.id);
        return h.response(stream).type('text/event-stream; charset=utf-8').header('cache-control', 'no-cache, no-transform').header('x-accel-buffering', 'no');
      },
    },
  });
