import { auditTarget } from '../../../../platform/audit.js';
import type { AppContext } from '../../../../platform/context.js';
import { defineRoute } from '../../../../platform/routes.js';
import { ALERTS_MANAGE, vesselOf } from '../../../access/api.js';
import type { CustomAlerts } from '../../custom/watch.js';
import * as repo from '../../repository.js';
import { fieldsOf, ruleOf, ruleParams, type RuleParams, rulePayload, type RulePayload } from './support.js';

/** PUT vessel/{id}/customAlerts/{alertId} (alertManager MANAGE). */
export const replaceCustomAlert = (ctx: AppContext, custom: CustomAlerts) =>
  defineRoute<{ Params: RuleParams; Payload: RulePayload }>({
    method: 'PUT',
    path: '/api/vessel/{id}/customAlerts/{alertId}',
    options: {
      tags: ['api', 'vessel', 'alerts'],
      description: 'Replace a custom alert (alertManager MANAGE)',
      validate: { params: ruleParams, payload: rulePayload },
      plugins: { vessel: { needs: [ALERTS_MANAGE] } },
      async handler(request) {
        const { vesselId } = vesselOf(request);
        const rule = await ruleOf(ctx.db, vesselId, request.params.alertId);
        await repo.updateCustomAlert(ctx.db, rule.id, await fieldsOf(custom, vesselId, request.payload));
        auditTarget(request, { targetType: 'customAlert', targetId: rule.id, vesselId });
        await custom.changed(vesselId, rule.id, rule.path);
        return ruleOf(ctx.db, vesselId, rule.id);
      },
    },
  });
