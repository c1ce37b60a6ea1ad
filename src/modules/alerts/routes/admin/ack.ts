import Boom from '@hapi/boom';
import Joi from 'joi';
import { auditTarget } from '../../../../platform/audit.js';
import type { AppContext } from '../../../../platform/context.js';
import { callerOf, defineRoute } from '../../../../platform/routes.js';
import { vesselIdsOfBridges } from '../../../bridges/api.js';
import type { AlertLifecycle } from '../../lifecycle.js';
import * as repo from '../../repository.js';

/**
 * POST admin/alerts/{alertId}/ack: an administrator acknowledges any vessel's alert, through the
 * same lifecycle as the vessel's own people (logged with who, announced on the vessel's stream).
 */
export const adminAcknowledgeAlert = (ctx: AppContext, lifecycle: AlertLifecycle) =>
  defineRoute<{ Params: { alertId: number } }>({
    method: 'POST',
    path: '/api/admin/alerts/{alertId}/ack',
    options: {
      auth: { scope: 'admin' },
      tags: ['api', 'admin', 'alerts'],
      description: "Acknowledge any vessel's alert as an administrator; a rectified alert is cleared by it",
      validate: { params: Joi.object({ alertId: Joi.number().integer().min(1).required() }) },
      async handler(request) {
        const alert = await repo.findAlert(ctx.db, request.params.alertId);
        const vesselId = alert ? (await vesselIdsOfBridges(ctx.db, [alert.bridgeId])).get(alert.bridgeId) : undefined;
        if (!alert || vesselId === undefined) throw Boom.notFound('Alert not found');
        auditTarget(request, { targetType: 'alert', targetId: alert.id, vesselId });
        return lifecycle.acknowledge(vesselId, alert, callerOf(request).id);
      },
    },
  });
