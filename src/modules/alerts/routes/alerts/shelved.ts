import type { AppContext } from '../../../../platform/context.js';
import { defineRoute } from '../../../../platform/routes.js';
import { ALERTS_VIEW, vesselOf } from '../../../access/api.js';
import { latestOfPath } from '../../repository.js';
import { shelvesOfBridge } from '../../settings-repository.js';
import { vesselParams } from './support.js';

/** GET vessel/{id}/alerts/shelved: the alarm points out of service, soonest back first (alertManager VIEW). */
export const shelvedAlerts = (ctx: AppContext) =>
  defineRoute<{ Params: { id: number } }>({
    method: 'GET',
    path: '/api/vessel/{id}/alerts/shelved',
    options: {
      tags: ['api', 'vessel', 'alerts'],
      description: "The shelved alarm points with their reason and end, and each point's newest alert (alertManager VIEW)",
      validate: { params: vesselParams },
      plugins: { vessel: { needs: [ALERTS_VIEW], bridge: true } },
      async handler(request) {
        const { bridge } = vesselOf(request);
        if (!bridge) return [];
        const shelves = await shelvesOfBridge(ctx.db, bridge.id);
        return Promise.all(
          shelves.map(async ({ origin, path, reason, until, shelvedBy, createdAt }) => ({
            // The point's newest alert: `alerts/{alertId}/unshelve` takes it.
            alertId: (await latestOfPath(ctx.db, bridge.id, origin, path, null))?.id ?? null,
            origin,
            path,
            reason,
            until,
            shelvedBy,
            shelvedAt: createdAt,
          })),
        );
      },
    },
  });
