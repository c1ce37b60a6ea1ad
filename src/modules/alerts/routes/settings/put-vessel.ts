import Joi from 'joi';
import type { AppContext } from '../../../../platform/context.js';
import { defineRoute } from '../../../../platform/routes.js';
import { ALERTS_MANAGE } from '../../../access/api.js';
import { replaceSuppressions, saveVesselSettings, suppressionsOf, type VesselMode, VESSEL_MODES, vesselSettings } from '../../settings-repository.js';
import { managedVessel, vesselParams } from '../alerts/support.js';
import { mode, source } from './support.js';

type Payload = { mode?: VesselMode; noDataMinutes?: number; offlineMinutes?: number; suppressions?: Partial<Record<VesselMode, string[]>> };

/** PUT vessel/{id}/alarmSettings {mode?, noDataMinutes?, offlineMinutes?, suppressions?} (alertManager MANAGE); what is left out stays. */
export const putAlarmSettings = (ctx: AppContext, clock: () => number) =>
  defineRoute<{ Params: { id: number }; Payload: Payload }>({
    method: 'PUT',
    path: '/api/vessel/{id}/alarmSettings',
    options: {
      tags: ['api', 'vessel', 'alerts'],
      description:
        "Change the vessel's mode, its no-data time (5 to 1440 minutes), how long its bridge must stay away before the vessel is announced offline (1 to 1440 minutes) or, per mode, the alarm sources it suppresses (the whole table) (alertManager MANAGE)",
      validate: {
        params: vesselParams,
        payload: Joi.object({
          mode,
          noDataMinutes: Joi.number().integer().min(5).max(1440),
          offlineMinutes: Joi.number().integer().min(1).max(1440),
          suppressions: Joi.object(Object.fromEntries(VESSEL_MODES.map((m) => [m, Joi.array().items(source).max(100)]))),
        })
          .min(1)
          .required(),
      },
      plugins: { vessel: { needs: [ALERTS_MANAGE] } },
      async handler(request) {
        const { vesselId } = managedVessel(request);
        const current = await vesselSettings(ctx.db, vesselId);
        const { mode: newMode, noDataMinutes, offlineMinutes, suppressions } = request.payload;
        const next = {
          mode: newMode ?? current.mode,
          noDataMinutes: noDataMinutes ?? current.noDataMinutes,
          offlineMinutes: offlineMinutes ?? current.offlineMinutes,
        };
        await saveVesselSettings(ctx.db, vesselId, next, new Date(clock()).toISOString());
        if (suppressions) await replaceSuppressions(ctx.db, vesselId, suppressions);
        const byMode = await suppressionsOf(ctx.db, vesselId);
        return { ...next, suppressions: Object.fromEntries(VESSEL_MODES.map((m) => [m, byMode.get(m) ?? []])) };
      },
    },
  });
