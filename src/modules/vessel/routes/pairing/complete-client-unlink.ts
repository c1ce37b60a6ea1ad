import Joi from 'joi';
import { auditTarget } from '../../../../platform/audit.js';
import { defineRoute } from '../../../../platform/routes.js';
import { vesselOf } from '../../../access/api.js';
import type { PairingService } from '../../pairing/service.js';
import { idParams } from '../../schemas.js';

/**
 * POST vessel/{id}/completeClientUnlink?code=: unpairs; the bridge gets a fresh pairing code,
 * answered to the owner (`bridge: {serial, pairingCode}`), the only place it is shown.
 */
export const completeClientUnlink = (pairing: PairingService) =>
  defineRoute<{ Params: { id: number }; Query: { code: string } }>({
    method: 'POST',
    path: '/api/vessel/{id}/completeClientUnlink',
    options: {
      tags: ['api', 'vessel'],
      description:
        'Unlink the bridge with the e-mailed code; the bridge gets a fresh pairing code, answered to the owner, and what it reported while paired is deleted',
      validate: { params: idParams, query: Joi.object({ code: Joi.string().trim().max(20).required() }) },
      plugins: { vessel: { needs: [{ owner: true }] } },
      async handler(request) {
        const scope = vesselOf(request);
        auditTarget(request, { targetType: 'vessel', targetId: scope.vesselId, vesselId: scope.vesselId });
        const bridge = await pairing.completeUnlink(scope, request.query.code);
        return { unlinked: true, bridge };
      },
    },
  });
