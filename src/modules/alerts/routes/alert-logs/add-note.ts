/**
 * POST devices/alertLogs/addNote {alertLogId, messageText}: a note on an alert, kept in its log
 * after the entry it answers (alertManager MANAGE on the alert's vessel; another tenant's entry
 * answers 404 like a missing one).
 */
import Boom from '@hapi/boom';
import Joi from 'joi';
import { auditTarget } from '../../../../platform/audit.js';
import type { AppContext } from '../../../../platform/context.js';
import { defineRoute } from '../../../../platform/routes.js';
import { ALERTS_MANAGE, vesselOf } from '../../../access/api.js';
import { logView } from '../../alert-log.js';
import type { AlertLifecycle } from '../../lifecycle.js';
import * as repo from '../../repository.js';

export const addAlertLogNote = (ctx: AppContext, lifecycle: AlertLifecycle) =>
  defineRoute<{ Payload: { alertLogId: number; messageText: string } }>({
    method: 'POST',
    path: '/api/devices/alertLogs/addNote',
    options: {
      tags: ['api', 'devices', 'alerts'],
      description: "Add a note to an alert's log (alertManager MANAGE)",
      validate: { payload: Joi.object({ alertLogId: Joi.number().integer().min(1).required(), messageText: Joi.string().trim().min(1).max(5000).required() }) },
      plugins: { vessel: { entity: 'alertLogEntry', payload: 'alertLogId', needs: [ALERTS_MANAGE] } },
      async handler(request) {
        const { db } = ctx;
        const { vesselId, caller } = vesselOf(request);
        const entry = await repo.findLog(db, request.payload.alertLogId);
        const alert = entry && (await repo.findAlert(db, entry.alertId));
        if (!alert) throw Boom.notFound('Alert log entry not found');
        auditTarget(request, { targetType: 'alert', targetId: alert.id, vesselId });
        const id = await repo.insertLog(db, alert, {
          action: 'note',
          userId: caller.id,
          messageText: request.payload.messageText,
          at: new Date(lifecycle.now()).toISOString(),
        });
        const note = await repo.findLog(db, id);
        if (!note) throw Boom.notFound('Alert log entry not found');
        return logView(note);
      },
    },
  });
