import { MAX_PAYLOAD_BYTES } from '../../../../mqtt/protocol.js';
import { defineRoute } from '../../../../platform/routes.js';
import type { InterfacesService } from '../../interfaces/service.js';

/**
 * POST interfaces/delta: a Signal K delta from an interface, authenticated by its own bearer
 * token (not a session). Answers once the values are stored, as a bridge's PUBACK does.
 */
export const postInterfaceDelta = (interfaces: InterfacesService) =>
  defineRoute<{ Payload: unknown; Headers: { authorization?: string } }>({
    method: 'POST',
    path: '/api/interfaces/delta',
    options: {
      tags: ['api', 'interfaces'],
      description:
        "Post a Signal K delta into the interface's vessel with `Authorization: Bearer <interface token>`; validated and limited like a bridge's delta",
      auth: false,
      payload: { maxBytes: MAX_PAYLOAD_BYTES, allow: 'application/json' },
      async handler(request) {
        const target = await interfaces.authenticate(request.headers.authorization, request.info.remoteAddress);
        await interfaces.post(target, request.payload);
        return { stored: true };
      },
    },
  });
