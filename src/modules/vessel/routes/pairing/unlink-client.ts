import { auditTarget } from '../../../../platform/audit.js';
import { defineRoute } from '../../../../platform/routes.js';
import { vesselOf } from '../../../access/api.js';
import type { PairingService } from '../../pairing/service.js';
import { idParams } from '../../schemas.js';

/** POST vessel/{id}/unlinkClient: the owner asks to unlink the bridge; a code goes to their e-mail. */
export const unlinkClient = (pairing: PairingService) =>
  defineRoute<{ Params: { id: number } }>({
    method: 'POST',
    path: '/api/vessel/{id}/unlinkClient',
    options: {
      tags: ['api', 'vessel'],
      description: 'Ask to unlink the bridge (owner only): e-mails a confirmation code',
      validate: { params: idParams },
      plugins: { vessel: { needs: [{ owner: true }] } },
      async handler(request) {
        const scope = vesselOf(request);
        auditTarget(request, { targetType: 'vessel', targetId: scope.vesselId, vesselId: scope.vesselId });
        await pairing.requestUnlink(scope);
        return { message: 'A confirmation code has been sent to your e-mail address' };
      },
    },
  });
