import Joi from 'joi';
import { auditTarget } from '../../../../platform/audit.js';
import { defineRoute } from '../../../../platform/routes.js';
import { vesselOf } from '../../../access/api.js';
import type { PaymentsService } from '../../payments-service.js';

/**
 * POST billing/cancelSubscription {vesselId} (billingManager MANAGE): within 7 days of its start
 * a paid subscription ends with a full refund; later it is notice of non-renewal, at least 28
 * days before the term ends (418 with the dates otherwise).
 */
export const cancelSubscription = (payments: PaymentsService) =>
  defineRoute<{ Payload: { vesselId: number } }>({
    method: 'POST',
    path: '/api/billing/cancelSubscription',
    options: {
      tags: ['api', 'billing'],
      description:
        "End a vessel's paid subscription with a refund in its first 7 days, or give notice of non-renewal at least 28 days before the term ends (billingManager MANAGE)",
      validate: { payload: Joi.object({ vesselId: Joi.number().integer().min(1).required() }) },
      plugins: { vessel: { payload: 'vesselId', needs: [{ area: 'billingManager', level: 'MANAGE' }] } },
      async handler(request) {
        const { vesselId } = vesselOf(request);
        auditTarget(request, { targetType: 'vessel', targetId: vesselId, vesselId });
        return payments.cancel(vesselId);
      },
    },
  });
