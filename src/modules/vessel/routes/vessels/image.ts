import { createHash } from 'node:crypto';
import { defineRoute } from '../../../../platform/routes.js';
import { vesselOf } from '../../../access/api.js';
import { linkKeyQuery } from '../../../auth/api.js';
import type { VesselService } from '../../vessels/service.js';
import { idParams } from '../../schemas.js';
import { untrusted } from '../../../../platform/http.js';

/**
 * GET vessel/{id}/image: the vessel's picture, to anyone with access to the vessel, checked on
 * every download; an `<img>` tag carries a link key as `?linkKey=`. Browsers revalidate
 * (no-cache with an ETag) so a revoked member's cached copy is not refreshed.
 */
export const getVesselImage = (vessels: VesselService) =>
  defineRoute<{ Params: { id: number }; Query: { linkKey?: string } }>({
    method: 'GET',
    path: '/api/vessel/{id}/image',
    options: {
      tags: ['api', 'vessel'],
      description: "The vessel's picture (any access to the vessel; a link may carry a link key as ?linkKey=)",
      validate: { params: idParams, query: linkKeyQuery },
      plugins: { envelope: false, linkKey: true, vessel: {} },
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
