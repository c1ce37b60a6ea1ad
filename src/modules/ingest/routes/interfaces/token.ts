import Joi from 'joi';
import { auditTarget } from '../../../../platform/audit.js';
import { callerOf, defineRoute } from '../../../../platform/routes.js';
import { DEVICES_MANAGE } from '../../../access/api.js';
import type { InterfacesService } from '../../interfaces/service.js';

/**
 * GET interfaces/{id}/token: a new token for the interface, shown this once; the old one stops
 * working at once. A GET because the contract names it so; it is never cached. deviceManager
 * MANAGE on the interface's vessel; another tenant's interface answers 404 like a missing one.
 */
export const rotateInterfaceToken = (interfaces: InterfacesService) =>
  defineRoute<{ Params: { id: number } }>({
    method: 'GET',
    path: '/api/interfaces/{id}/token',
    options: {
      tags: ['api', 'interfaces'],
      description: "Issue a new token for an interface, replacing the old one (deviceManager MANAGE on the interface's vessel)",
      validate: { params: Joi.object({ id: Joi.number().integer().min(1).required() }) },
      plugins: { vessel: { entity: 'interface', needs: [DEVICES_MANAGE] } },
      async handler(request, h) {
        const rotated = await interfaces.rotateToken(callerOf(request), request.params.id);
        auditTarget(request, { targetType: 'interface', targetId: rotated.id });
        return h.response(rotated).header('cache-control', 'no-store');
      },
    },
  });
