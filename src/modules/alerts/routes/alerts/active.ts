import type { AppContext } from '../../../../platform/context.js';
import { defineRoute } from '../../../../platform/routes.js';
import type { AccessApi } from '../../../access/api.js';
import type { AlertLifecycle } from '../../lifecycle.js';
import * as repo from '../../repository.js';
import { readableVessels } from './support.js';

/** GET alerts/active: the active alerts of every vessel whose alerts the caller may see. */
export const activeAlerts = (ctx: AppContext, lifecycle: AlertLifecycle, access: AccessApi) =>
  defineRoute({
    method: 'GET',
    path: '/api/alerts/active',
    options: {
      tags: ['api', 'alerts'],
      description:
        'Active alerts (including rectified ones nobody has acknowledged) of every vessel whose alerts you may see, newest first, each with its vesselId',
      async handler(request) {
        const vesselOfBridge = await readableVessels(ctx, access, request);
        const rows = await repo.activeOfBridges(ctx.db, [...vesselOfBridge.keys()]);
        return rows.map((r) => ({ ...lifecycle.view(r), vesselId: vesselOfBridge.get(r.bridgeId) }));
      },
    },
  });
