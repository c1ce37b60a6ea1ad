import type { AppContext } from '../../../../platform/context.js';
import { defineRoute } from '../../../../platform/routes.js';
import { vesselIdsOfBridges } from '../../../bridges/api.js';
import type { AccessApi } from '../../../access/api.js';
import type { AlertLifecycle } from '../../lifecycle.js';
import * as repo from '../../repository.js';

/**
 * GET admin/alerts/active: the active alerts of every vessel on the platform, for its
 * administrators (alerts of a bridge paired with no vessel are left out: nobody can act on them).
 */
export const adminActiveAlerts = (ctx: AppContext, lifecycle: AlertLifecycle, access: AccessApi) =>
  defineRoute({
    method: 'GET',
    path: '/api/admin/alerts/active',
    options: {
      auth: { scope: 'admin' },
      tags: ['api', 'admin', 'alerts'],
      description: 'Active alerts (including rectified ones nobody has acknowledged) of every vessel, newest first, each with its vesselId and vesselName',
      async handler() {
        const rows = await repo.allActive(ctx.db);
        const vesselOf = await vesselIdsOfBridges(ctx.db, [...new Set(rows.map((r) => r.bridgeId))]);
        const names = await access.vesselNames([...new Set(vesselOf.values())]);
        return rows
          .filter((r) => vesselOf.has(r.bridgeId))
          .map((r) => {
            const vesselId = vesselOf.get(r.bridgeId)!;
            return { ...lifecycle.view(r), vesselId, vesselName: names.get(vesselId) ?? null };
          });
      },
    },
  });
