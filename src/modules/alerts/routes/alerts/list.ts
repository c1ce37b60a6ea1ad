import type { AppContext } from '../../../../platform/context.js';
import { defineRoute } from '../../../../platform/routes.js';
import { ALERTS_VIEW, vesselOf } from '../../../access/api.js';
import type { AlertLifecycle } from '../../lifecycle.js';
import * as repo from '../../repository.js';
import { DAY_MS, vesselParams } from './support.js';

/** GET vessel/{id}/alerts: active alerts, then those cleared in the last day (alertManager VIEW). */
export const listAlerts = (ctx: AppContext, lifecycle: AlertLifecycle) =>
  defineRoute<{ Params: { id: number } }>({
    method: 'GET',
    path: '/api/vessel/{id}/alerts',
    options: {
      tags: ['api', 'vessel', 'alerts'],
      description: "The vessel's active alerts (including rectified ones nobody has acknowledged), then those cleared in the last 24 hours (alertManager VIEW)",
      validate: { params: vesselParams },
      plugins: { vessel: { needs: [ALERTS_VIEW], bridge: true } },
      async handler(request) {
        const { bridge } = vesselOf(request);
        if (!bridge) return [];
        return (await repo.alertsOfBridge(ctx.db, bridge.id, new Date(lifecycle.now() - DAY_MS).toISOString())).map((row) => lifecycle.view(row));
      },
    },
  });
