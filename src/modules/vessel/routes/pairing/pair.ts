import Joi from 'joi';
import { auditTarget } from '../../../../platform/audit.js';
import { defineRoute } from '../../../../platform/routes.js';
import { vesselOf } from '../../../access/api.js';
import type { PairingService } from '../../pairing/service.js';
import { idParams } from '../../schemas.js';

/** POST vessel/{id}/pair?pairingCode=: 418 for an unknown code, 409 when either side is already paired, 429 after too many tries. */
export const pairBridge = (pairing: PairingService) =>
  defineRoute<{ Params: { id: number }; Query: { pairingCode: string } }>({
    method: 'POST',
    path: '/api/vessel/{id}/pair',
    options: {
      tags: ['api', 'vessel'],
      description: 'Pair a bridge to the vessel with the pairing code printed on it (owner only; 10 tries in 15 minutes)',
      validate: { params: idParams, query: Joi.object({ pairingCode: Joi.string().trim().uppercase().max(16).required() }) },
      plugins: { vessel: { needs: [{ owner: true }] } },
      async handler(request) {
        const scope = vesselOf(request);
        auditTarget(request, { targetType: 'vessel', targetId: scope.vesselId, vesselId: scope.vesselId });
        return { reportingClient: await pairing.pair(scope, request.query.pairingCode, request.info.remoteAddress) };
      },
    },
  });
