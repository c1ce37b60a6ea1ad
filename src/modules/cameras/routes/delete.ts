import { auditTarget } from '../../../platform/audit.js';
import { defineRoute } from '../../../platform/routes.js';
import { vesselOf } from '../../access/api.js';
import type { CamerasService } from '../service.js';
import { CAMERAS_MANAGE, cameraParams } from './support.js';

/** DELETE vessel/{id}/cameras/{cameraId} (securityManager MANAGE). */
export const deleteCamera = (cameras: CamerasService) =>
  defineRoute<{ Params: { id: number; cameraId: number } }>({
    method: 'DELETE',
    path: '/api/vessel/{id}/cameras/{cameraId}',
    options: {
      tags: ['api', 'vessel', 'cameras'],
      description: 'Delete a camera (securityManager MANAGE)',
      validate: { params: cameraParams },
      plugins: { vessel: { needs: [CAMERAS_MANAGE] } },
      async handler(request) {
        const { vesselId } = vesselOf(request);
        const { cameraId } = request.params;
        auditTarget(request, { targetType: 'camera', targetId: cameraId, vesselId });
        await cameras.remove(vesselId, cameraId);
        return { id: cameraId, deleted: true };
      },
    },
  });
