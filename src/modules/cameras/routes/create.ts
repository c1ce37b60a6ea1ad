import { auditTarget } from '../../../platform/audit.js';
import { defineRoute } from '../../../platform/routes.js';
import { vesselOf } from '../../access/api.js';
import type { CamerasService } from '../service.js';
import { CAMERAS_MANAGE, cameraFields, cameraPayload, idParams, type CameraPayload } from './support.js';

/** POST vessel/{id}/cameras {name, streamUrl, snapshotUrl?} (securityManager MANAGE). */
export const createCamera = (cameras: CamerasService) =>
  defineRoute<{ Params: { id: number }; Payload: CameraPayload }>({
    method: 'POST',
    path: '/api/vessel/{id}/cameras',
    options: {
      tags: ['api', 'vessel', 'cameras'],
      description: 'Add a camera: its MJPEG stream address and optionally a snapshot address, http or https (securityManager MANAGE)',
      validate: { params: idParams, payload: cameraPayload },
      plugins: { vessel: { needs: [CAMERAS_MANAGE] } },
      async handler(request) {
        const { vesselId } = vesselOf(request);
        const camera = await cameras.add(vesselId, cameraFields(request.payload));
        auditTarget(request, { targetType: 'camera', targetId: camera.id, vesselId });
        return camera;
      },
    },
  });
