import Joi from 'joi';
import { auditTarget } from '../../../../platform/audit.js';
import { defineRoute } from '../../../../platform/routes.js';
import { vesselOf } from '../../../access/api.js';
import type { VesselService } from '../../vessels/service.js';
import { vesselId } from '../../schemas.js';

/** POST vessel/delete?vesselId=: the owner asks to delete; a code goes to their e-mail. */
export const requestVesselDeletion = (vessels: VesselService) =>
  defineRoute<{ Query: { vesselId: number } }>({
    method: 'POST',
    path: '/api/vessel/delete',
    options: {
      tags: ['api', 'vessel'],
      description: 'Ask to delete a vessel (owner only): e-mails a confirmation code, 15 minutes, single use',
      validate: { query: Joi.object({ vesselId: vesselId.required() }) },
      plugins: { vessel: { query: 'vesselId', needs: [{ owner: true }] } },
      async handler(request) {
        const scope = vesselOf(request);
        auditTarget(request, { targetType: 'vessel', targetId: scope.vesselId, vesselId: scope.vesselId });
        await vessels.requestDeletion(scope);
        return { message: 'A confirmation code has been sent to your e-mail address' };
      },
    },
  });
