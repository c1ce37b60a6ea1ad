/** What the camera routes share: who may do what, and the shapes they take. */
import Joi from 'joi';
import type { AccessNeed } from '../../access/api.js';

export const CAMERAS_VIEW: AccessNeed = { area: 'securityManager', level: 'VIEW' };
export const CAMERAS_MANAGE: AccessNeed = { area: 'securityManager', level: 'MANAGE' };

const cameraUrl = Joi.string()
  .trim()
  .max(2000)
  .uri({ scheme: ['http', 'https'] });

export const cameraPayload = Joi.object({
  name: Joi.string().trim().min(1).max(100).required(),
  streamUrl: cameraUrl.required(),
  snapshotUrl: cameraUrl.allow(null, ''),
});

const id = Joi.number().integer().min(1);
export const idParams = Joi.object({ id: id.required() });
export const cameraParams = Joi.object({ id: id.required(), cameraId: id.required() });

export interface CameraPayload {
  name: string;
  streamUrl: string;
  snapshotUrl?: string | null;
}

/** An empty snapshot address is none: the first frame of the stream is the snapshot. */
export const cameraFields = (p: CameraPayload) => ({ name: p.name, streamUrl: p.streamUrl, snapshotUrl: p.snapshotUrl || null });
