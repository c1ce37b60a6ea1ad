import Joi from 'joi';
import { auditTarget } from '../../../platform/audit.js';
import { defineRoute } from '../../../platform/routes.js';
import { vesselOf } from '../../access/api.js';
import { email } from '../../auth/api.js';
import { vesselParams } from '../schemas.js';
import type { TransferService } from '../service.js';

/** POST vessel/{id}/transfer {email}: the owner names the buyer; a confirmation code goes to the owner's e-mail. */
export const startTransfer = (transfers: TransferService) =>
  defineRoute<{ Params: { id: number }; Payload: { email: string } }>({
    method: 'POST',
    path: '/api/vessel/{id}/transfer',
    options: {
      tags: ['api', 'transfer'],
      description: 'Ask to transfer the vessel to the owner of an e-mail address (owner only): e-mails a confirmation code, 15 minutes, single use',
      validate: { params: vesselParams, payload: Joi.object({ email: email.required() }) },
      plugins: { vessel: { needs: [{ owner: true }] } },
      async handler(request) {
        const scope = vesselOf(request);
        auditTarget(request, { targetType: 'vessel', targetId: scope.vesselId, vesselId: scope.vesselId });
        await transfers.start(scope.caller, scope.vesselId, request.payload.email);
        return { message: 'A confirmation code has been sent to your e-mail address' };
      },
    },
  });
