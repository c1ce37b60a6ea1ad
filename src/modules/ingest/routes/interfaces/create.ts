import Joi from 'joi';
import { auditTarget } from '../../../../platform/audit.js';
import { callerOf, defineRoute } from '../../../../platform/routes.js';
import { DEVICES_MANAGE, vesselOf } from '../../../access/api.js';
import type { InterfacesService } from '../../interfaces/service.js';
import { vesselIdParams } from '../../schemas.js';
import { interfaceName } from './support.js';

/** POST vessel/{id}/interfaces/new {name}: a new interface and its token, shown this once (deviceManager MANAGE). */
export const createInterface = (interfaces: InterfacesService) =>
  defineRoute<{ Params: { id: number }; Payload: { name: string } }>({
    method: 'POST',
    path: '/api/vessel/{id}/interfaces/new',
    options: {
      tags: ['api', 'vessel', 'interfaces'],
      description: 'Add an interface; the answer carries its token, which is never shown again (deviceManager MANAGE)',
      validate: { params: vesselIdParams, payload: Joi.object({ name: interfaceName }) },
      plugins: { vessel: { needs: [DEVICES_MANAGE] } },
      async handler(request) {
        const { vesselId } = vesselOf(request);
        const created = await interfaces.create(callerOf(request), vesselId, request.payload.name);
        auditTarget(request, { targetType: 'interface', targetId: created.id, vesselId });
        return created;
      },
    },
  });
