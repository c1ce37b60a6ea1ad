import Joi from 'joi';
import { auditTarget } from '../../../../platform/audit.js';
import type { AppContext } from '../../../../platform/context.js';
import { defineRoute } from '../../../../platform/routes.js';
import { ALERTS_MANAGE, vesselOf } from '../../../access/api.js';
import type { CustomAlerts } from '../../custom/watch.js';
import * as repo from '../../repository.js';
import { ruleOf, ruleParams, type RuleParams } from './support.js';

/** POST vessel/{id}/customAlerts/{alertId}/pause?paused= (alertManager MANAGE). */
export const pauseCustomAlert = (ctx: AppContext, custom: CustomAlerts) =>
  defineRoute<{ Params: RuleParams; Query: { paused: boolean } }>({
    method: 'POST',
    path: '/api/vessel/{id}/customAlerts/{alertId}/pause',
    options: {
      tags: ['api', 'vessel', 'alerts'],
      description: 'Pause (paused=true) or resume (paused=false) a custom alert (alertManager MANAGE)',
      validate: { params: ruleParams, query: Joi.object({ paused: Joi.boolean().required() }) },
      plugins: { vessel: { needs: [ALERTS_MANAGE] } },
      async handler(request) {
        const { vesselId } = vesselOf(request);
        const rule = await ruleOf(ctx.db, vesselId, request.params.alertId);
        await repo.updateCustomAlert(ctx.db, rule.id, { paused: request.query.paused });
        auditTarget(request, { targetType: 'customAlert', targetId: rule.id, vesselId });
        await custom.changed(vesselId, rule.id, rule.path);
        return ruleOf(ctx.db, vesselId, rule.id);
      },
    },
  });
