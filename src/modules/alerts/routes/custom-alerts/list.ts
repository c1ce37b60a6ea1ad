import type { AppContext } from '../../../../platform/context.js';
import { defineRoute } from '../../../../platform/routes.js';
import { ALERTS_VIEW, vesselOf } from '../../../access/api.js';
import * as repo from '../../repository.js';
import { vesselParams } from './support.js';

/** GET vessel/{id}/customAlerts (alertManager VIEW). */
export const listCustomAlerts = (ctx: AppContext) =>
  defineRoute<{ Params: { id: number } }>({
    method: 'GET',
    path: '/api/vessel/{id}/customAlerts',
    options: {
      tags: ['api', 'vessel', 'alerts'],
      description: "The vessel's custom alerts (alertManager VIEW)",
      validate: { params: vesselParams },
      plugins: { vessel: { needs: [ALERTS_VIEW] } },
      handler: (request) => repo.customAlertsOfVessel(ctx.db, vesselOf(request).vesselId),
    },
  });
