import type { AppContext } from '../../../../platform/context.js';
import { defineRoute } from '../../../../platform/routes.js';
import { ALERTS_VIEW, vesselOf } from '../../../access/api.js';
import { ruleOf, ruleParams, type RuleParams } from './support.js';

/** GET vessel/{id}/customAlerts/{alertId} (alertManager VIEW). */
export const getCustomAlert = (ctx: AppContext) =>
  defineRoute<{ Params: RuleParams }>({
    method: 'GET',
    path: '/api/vessel/{id}/customAlerts/{alertId}',
    options: {
      tags: ['api', 'vessel', 'alerts'],
      description: 'One custom alert (alertManager VIEW)',
      validate: { params: ruleParams },
      plugins: { vessel: { needs: [ALERTS_VIEW] } },
      handler: (request) => ruleOf(ctx.db, vesselOf(request).vesselId, request.params.alertId),
    },
  });
