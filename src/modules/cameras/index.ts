/**
 * The cameras module: a vessel's cameras, seen through the server's proxy (docs/decisions.md,
 * "Cameras"). It owns `vessel_cameras`; who may see or change them is the access module's.
 * Moved out of the vessel module, which had grown past what one sitting reads.
 */
import type { Plugin } from '@hapi/hapi';
import type { ModuleOptions } from '../../platform/context.js';
import { CAMERA_LIMITS } from './fetch.js';
import { createCamera } from './routes/create.js';
import { deleteCamera } from './routes/delete.js';
import { listCameras } from './routes/list.js';
import { cameraSnapshot } from './routes/snapshot.js';
import { cameraStream } from './routes/stream.js';
import { updateCamera } from './routes/update.js';
import { CamerasService } from './service.js';

export const camerasModule: Plugin<ModuleOptions> = {
  name: 'cameras',
  dependencies: ['auth', 'access'],
  register(server, { ctx }) {
    const cameras = new CamerasService(ctx.db, { ...CAMERA_LIMITS, allowPrivate: ctx.config.cameraAllowPrivate });
    server.route([listCameras(cameras), createCamera(cameras), updateCamera(cameras), deleteCamera(cameras), cameraSnapshot(cameras), cameraStream(cameras)]);
  },
};
