import type { Db } from '../../../../db/knex.js';
import { probeParts } from '../../../../platform/probes.js';
import { defineRoute } from '../../../../platform/routes.js';
import type { AuthApi } from '../../../auth/api.js';
import { overview, type IngestRate } from '../../overview.js';
import { adminOnly } from '../admin-only.js';

/** GET admin/overview: users, vessels, bridges online, active alarms, ingest rate, subscriptions, error reports, with daily series. */
export const adminOverview = (db: Db, auth: AuthApi, now: () => number) =>
  defineRoute({
    method: 'GET',
    path: '/api/admin/overview',
    options: {
      auth: adminOnly,
      tags: ['api', 'admin'],
      description:
        'The platform at a glance: users, vessels, companies, bridges (online), active alarms, ingest rate (messages/min, last hour per minute), subscriptions expiring this month, error reports this week, 14-day series, and the health of the service and its scheduled backups',
      async handler(request) {
        // The bridges module registers after this one; its meter is read at request time.
        const ingest: IngestRate | null = request.server.plugins.bridges?.api.ingest ?? null;
        const operations = {
          health: await probeParts(request.server, { database: 'down', broker: 'down' }),
          backups: request.server.app.backups?.status ?? null,
        };
        return { ...(await overview(db, auth, ingest, now())), operations };
      },
    },
  });
