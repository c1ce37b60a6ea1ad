import { auditTarget } from '../../../../platform/audit.js';
import type { AppContext } from '../../../../platform/context.js';
import { defineRoute } from '../../../../platform/routes.js';
import { ALERTS_MANAGE, vesselOf } from '../../../access/api.js';
import type { CustomAlerts } from '../../custom/watch.js';
import * as repo from '../../repository.js';
import { fieldsOf, ruleOf, rulePayload, type RulePayload, vesselParams } from './support.js';

/** POST vessel/{id}/customAlerts: a rule on a property of the vessel (alertManager MANAGE). */
export const createCustomAlert = (ctx: AppContext, custom: CustomAlerts) =>
  defineRoute<{ Params: { id: number }; Payload: RulePayload }>({
    method: 'POST',
    path: '/api/vessel/{id}/customAlerts',
    options: {
      tags: ['api', 'vessel', 'alerts'],
      description: 'Add a custom alert on a property of the vessel (alertManager MANAGE)',
      validate: { params: vesselParams, payload: rulePayload },
      plugins: { vessel: { needs: [ALERTS_MANAGE] } },
      async handler(request) {
        const { vesselId, caller } = vesselOf(request);
        const id = await repo.insertCustomAlert(ctx.db, vesselId, await fieldsOf(custom, vesselId, request.payload), caller.id);
        auditTarget(request, { targetType: 'customAlert', targetId: id, vesselId });
        await custom.changed(vesselId, id, null);
        return ruleOf(ctx.db, vesselId, id);
      },
    },
  });
