import { auditTarget } from '../../../../platform/audit.js';
import type { AppContext } from '../../../../platform/context.js';
import { defineRoute } from '../../../../platform/routes.js';
import { ALERTS_MANAGE, vesselOf } from '../../../access/api.js';
import type { CustomAlerts } from '../../custom/watch.js';
import * as repo from '../../repository.js';
import { ruleOf, ruleParams, type RuleParams } from './support.js';

/** DELETE vessel/{id}/customAlerts/{alertId} (alertManager MANAGE): clears the alert it had raised. */
export const deleteCustomAlert = (ctx: AppContext, custom: CustomAlerts) =>
  defineRoute<{ Params: RuleParams }>({
    method: 'DELETE',
    path: '/api/vessel/{id}/customAlerts/{alertId}',
    options: {
      tags: ['api', 'vessel', 'alerts'],
      description: 'Remove a custom alert (alertManager MANAGE)',
      validate: { params: ruleParams },
      plugins: { vessel: { needs: [ALERTS_MANAGE] } },
      async handler(request) {
        const { vesselId } = vesselOf(request);
        const rule = await ruleOf(ctx.db, vesselId, request.params.alertId);
        auditTarget(request, { targetType: 'customAlert', targetId: rule.id, vesselId });
        await custom.changed(vesselId, rule.id, rule.path);
        await repo.deleteCustomAlert(ctx.db, rule.id);
        return { id: rule.id, deleted: true };
      },
    },
  });
