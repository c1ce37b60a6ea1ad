import { auditTarget } from '../../../platform/audit.js';
import { defineRoute } from '../../../platform/routes.js';
import { vesselOf } from '../../access/api.js';
import type { CamerasService } from '../service.js';
import { CAMERAS_MANAGE, cameraFields, cameraParams, cameraPayload, type CameraPayload } from './support.js';

/** PUT vessel/{id}/cameras/{cameraId} {name, streamUrl, snapshotUrl?} (securityManager MANAGE). */
export const updateCamera = (cameras: CamerasService) =>
  defineRoute<{ Params: { id: number; cameraId: number }; Payload: CameraPayload }>({
    method: 'PUT',
    path: '/api/vessel/{id}/cameras/{cameraId}',
    options: {
      tags: ['api', 'vessel', 'cameras'],
      description: 'Change a camera (securityManager MANAGE)',
      validate: { params: cameraParams, payload: cameraPayload },
      plugins: { vessel: { needs: [CAMERAS_MANAGE] } },
      handler(request) {
        const { vesselId } = vesselOf(request);
        auditTarget(request, { targetType: 'camera', targetId: request.params.cameraId, vesselId });
        return cameras.update(vesselId, request.params.cameraId, cameraFields(request.payload));
      },
    },
  });
