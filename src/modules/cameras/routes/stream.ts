import { untrusted } from '../../../platform/http.js';
import { callerOf, defineRoute } from '../../../platform/routes.js';
import { vesselOf } from '../../access/api.js';
import { linkKeyQuery } from '../../auth/api.js';
import type { CamerasService } from '../service.js';
import { CAMERAS_VIEW, cameraParams } from './support.js';

/** GET vessel/{id}/cameras/{cameraId}/stream: the camera's MJPEG stream through the server (securityManager VIEW; a link key for an <img>). */
export const cameraStream = (cameras: CamerasService) =>
  defineRoute<{ Params: { id: number; cameraId: number }; Query: { linkKey?: string } }>({
    method: 'GET',
    path: '/api/vessel/{id}/cameras/{cameraId}/stream',
    options: {
      tags: ['api', 'vessel', 'cameras'],
      description:
        "The camera's live MJPEG stream relayed by the server, at most 30 minutes at a time (securityManager VIEW; a link may carry a link key as ?linkKey=)",
      plugins: { envelope: false, linkKey: true, vessel: { needs: [CAMERAS_VIEW] } },
      validate: { params: cameraParams, query: linkKeyQuery },
      async handler(request, h) {
        const { response: upstream, type } = await cameras.stream(vesselOf(request).vesselId, request.params.cameraId, callerOf(request).id);
        // The browser leaving ends the fetch from the camera.
        request.raw.req.once('close', () => upstream.destroy());
        return untrusted(h.response(upstream).type(type).header('cache-control', 'private, no-store'));
      },
    },
  });
