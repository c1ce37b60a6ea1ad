import { createHash } from 'node:crypto';
import { defineRoute } from '../../../../platform/routes.js';
import { vesselOf } from '../../../access/api.js';
import type { VesselService } from '../../vessels/service.js';
import { idParams, sessionKeyQuery } from '../../schemas.js';
import { untrusted } from '../../../../platform/http.js';

/**
 * GET vessel/{id}/image: the vessel's picture, to anyone with access to the vessel, checked on
 * every download; `?sessionKey=` lets an `<img>` tag carry the session. Browsers revalidate
 * (no-cache with an ETag) so a revoked member's cached copy is not refreshed.
 */
export const getVesselImage = (vessels: VesselService) =>
  defineRoute<{ Params: { id: number }; Query: { sessionKey?: string } }>({
    method: 'GET',
    path: '/api/vessel/{id}/image',
    options: {
      tags: ['api', 'vessel'],
      description: "The vessel's picture (any access to the vessel; the session key may ride as ?sessionKey=)",
      validate: { params: idParams, query: sessionKeyQuery },
      plugins: { envelope: false, sessionKeyInQuery: true, vessel: {} },
      async handler(request, h) {
        const image = await vessels.image(vesselOf(request).vesselId);
        return untrusted(
          h
            .response(image.data)
            .type(image.mime)
            .etag(createHash('sha256').update(image.id).digest('base64url').slice(0, 16))
            .header('cache-control', 'private, no-cache')
            .header('content-disposition', 'inline'),
        );
      },
    },
  });
