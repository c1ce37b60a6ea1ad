import { defineRoute } from '../../../platform/routes.js';
import { allows, vesselOf } from '../../access/api.js';
import type { CamerasService } from '../service.js';
import { CAMERAS_MANAGE, CAMERAS_VIEW, idParams } from './support.js';

/** GET vessel/{id}/cameras: the cameras; their addresses only for securityManager MANAGE. */
export const listCameras = (cameras: CamerasService) =>
  defineRoute<{ Params: { id: number } }>({
    method: 'GET',
    path: '/api/vessel/{id}/cameras',
    options: {
      tags: ['api', 'vessel', 'cameras'],
      description: "The vessel's cameras (securityManager VIEW; their addresses only with MANAGE)",
      validate: { params: idParams },
      plugins: { vessel: { needs: [CAMERAS_VIEW] } },
      handler(request) {
        const { vesselId, access } = vesselOf(request);
        return cameras.list(vesselId, allows(access, CAMERAS_MANAGE));
      },
    },
  });
