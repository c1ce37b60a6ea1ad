/**
 * GET vessel/{id}/live: the vessel's server-sent event stream (docs/api-shapes.md), open to any
 * member; what each kind of event needs is checked in live.ts. The session key may ride in the
 * query because EventSource cannot set headers.
 */
import type { ServerRoute } from '@hapi/hapi';
import Joi from 'joi';
import type { AppContext } from '../../../platform/context.js';
import type { LiveStreams } from '../live.js';
import { vesselIdParams } from '../schemas.js';
import { requireAccess } from '../../vessel/api.js';
import { callerId } from './support.js';

export function liveRoutes(ctx: AppContext, live: LiveStreams): ServerRoute[] {
  return [
    {
      method: 'GET',
      path: '/api/vessel/{id}/live',
      options: {
        tags: ['api', 'vessel'],
        description: 'Server-sent events: hello, batch, devices, online, alert, command; a keepalive comment every 15 s; at most 10 open per user (429)',
        plugins: { envelope: false, sessionKeyInQuery: true },
        validate: { params: vesselIdParams, query: Joi.object({ sessionKey: Joi.string().max(4096) }) },
        async handler(request, h) {
          const access = await requireAccess(ctx.db, callerId(request), (request.params as { id: number }).id);
          const stream = await live.stream(request, access, callerId(request));
          return h
            .response(stream)
            .type('text/event-stream; charset=utf-8')
            .header('cache-control', 'no-cache, no-transform')
            .header('x-accel-buffering', 'no');
        },
      },
    },
  ];
}
