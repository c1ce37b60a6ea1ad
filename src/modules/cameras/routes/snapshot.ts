import Joi from 'joi';
import { untrusted } from '../../../platform/http.js';
import { defineRoute } from '../../../platform/routes.js';
import { vesselOf } from '../../access/api.js';
import { linkKeyQuery } from '../../auth/api.js';
import type { CamerasService } from '../service.js';
import { CAMERAS_VIEW, cameraParams } from './support.js';

/** GET vessel/{id}/cameras/{cameraId}/snapshot: a still image fetched now (securityManager VIEW; a link key for an <img>). */
export const cameraSnapshot = (cameras: CamerasService) =>
  defineRoute<{ Params: { id: number; cameraId: number }; Query: { linkKey?: string; t?: string } }>({
    method: 'GET',
    path: '/api/vessel/{id}/cameras/{cameraId}/snapshot',
    options: {
      tags: ['api', 'vessel', 'cameras'],
      description:
        'A still image from the camera, fetched by the server now (securityManager VIEW; a link may carry a link key as ?linkKey=, t= is ignored and defeats caches)',
      plugins: { envelope: false, linkKey: true, vessel: { needs: [CAMERAS_VIEW] } },
      validate: { params: cameraParams, query: linkKeyQuery.keys({ t: Joi.string().max(40) }) },
      async handler(request, h) {
        const image = await cameras.snapshot(vesselOf(request).vesselId, request.params.cameraId);
        return untrusted(h.response(image.data).type(image.mime).header('cache-control', 'private, no-store'));
      },
    },
  });
