import type { AppContext } from '../../../../platform/context.js';
import { defineRoute } from '../../../../platform/routes.js';
import { ALERTS_VIEW, vesselOf } from '../../../access/api.js';
import { suppressionsOf, VESSEL_MODES, vesselSettings } from '../../settings-repository.js';
import { vesselParams } from '../alerts/support.js';

/** GET vessel/{id}/alarmSettings: the vessel's mode, no-data time, offline-notice delay and what each mode suppresses (alertManager VIEW). */
export const getAlarmSettings = (ctx: AppContext) =>
  defineRoute<{ Params: { id: number } }>({
    method: 'GET',
    path: '/api/vessel/{id}/alarmSettings',
    options: {
      tags: ['api', 'vessel', 'alerts'],
      description: "The vessel's mode, no-data time and offline-notice delay in minutes, and the alarm sources each mode suppresses (alertManager VIEW)",
      validate: { params: vesselParams },
      plugins: { vessel: { needs: [ALERTS_VIEW] } },
      async handler(request) {
        const { vesselId } = vesselOf(request);
        const settings = await vesselSettings(ctx.db, vesselId);
        const byMode = await suppressionsOf(ctx.db, vesselId);
        return { ...settings, suppressions: Object.fromEntries(VESSEL_MODES.map((m) => [m, byMode.get(m) ?? []])) };
      },
    },
  });
