import Joi from 'joi';
import { auditTarget } from '../../../../platform/audit.js';
import { defineRoute } from '../../../../platform/routes.js';
import { DEVICES_MANAGE, vesselOf } from '../../../access/api.js';
import type { InterfacesService } from '../../interfaces/service.js';
import { interfaceName, interfaceParams } from './support.js';

/** PUT vessel/{id}/interfaces/{interfaceId} {name}: renames an interface (deviceManager MANAGE). */
export const updateInterface = (interfaces: InterfacesService) =>
  defineRoute<{ Params: { id: number; interfaceId: number }; Payload: { name: string } }>({
    method: 'PUT',
    path: '/api/vessel/{id}/interfaces/{interfaceId}',
    options: {
      tags: ['api', 'vessel', 'interfaces'],
      description: 'Rename an interface (deviceManager MANAGE)',
      validate: { params: interfaceParams, payload: Joi.object({ name: interfaceName }) },
      plugins: { vessel: { needs: [DEVICES_MANAGE] } },
      handler(request) {
        const { vesselId } = vesselOf(request);
        auditTarget(request, { targetType: 'interface', targetId: request.params.interfaceId, vesselId });
        return interfaces.rename(vesselId, request.params.interfaceId, request.payload.name);
      },
    },
  });
