/**
 * A vessel's cameras: securityManager VIEW sees them through the server's proxy, MANAGE changes
 * them and alone reads their addresses (which may carry the camera's credentials).
 */
import Boom from '@hapi/boom';
import type { IncomingMessage } from 'node:http';
import type { Camera } from '../../../../contracts/vessel-areas.js';
import type { Db } from '../../../db/knex.js';
import { type CameraLimits, snapshotOf, streamOf } from './fetch.js';
import * as repo from './repository.js';

/** Longest a proxied stream runs; the screen opens a new one when it ends. */
export const MAX_STREAM_MS = 30 * 60_000;

export class CamerasService {
  constructor(
    private readonly db: Db,
    private readonly limits: CameraLimits,
  ) {}

  async list(vesselId: number, canManage: boolean): Promise<Camera[]> {
    return (await repo.camerasOf(this.db, vesselId)).map((camera) => view(camera, canManage));
  }

  async add(vesselId: number, fields: repo.CameraFields): Promise<Camera> {
    return view(await repo.insertCamera(this.db, vesselId, fields), true);
  }

  async update(vesselId: number, id: number, fields: repo.CameraFields): Promise<Camera> {
    await this.find(vesselId, id);
    await repo.updateCamera(this.db, id, fields);
    return view((await repo.findCamera(this.db, vesselId, id))!, true);
  }

  async remove(vesselId: number, id: number): Promise<void> {
    await this.find(vesselId, id);
    await repo.deleteCamera(this.db, id);
  }

  async snapshot(vesselId: number, id: number): Promise<{ mime: string; data: Buffer }> {
    return snapshotOf(await this.find(vesselId, id), this.limits);
  }

  /** The camera's MJPEG stream, ended after MAX_STREAM_MS. */
  async stream(vesselId: number, id: number): Promise<{ response: IncomingMessage; type: string }> {
    const stream = await streamOf((await this.find(vesselId, id)).streamUrl, this.limits);
    const cap = setTimeout(() => stream.response.destroy(), MAX_STREAM_MS);
    stream.response.once('close', () => clearTimeout(cap));
    return stream;
  }

  private async find(vesselId: number, id: number): Promise<repo.CameraRow> {
    const camera = await repo.findCamera(this.db, vesselId, id);
    if (!camera) throw Boom.notFound('Camera not found');
    return camera;
  }
}

const view = (c: repo.CameraRow, canManage: boolean): Camera => ({
  id: c.id,
  name: c.name,
  streamUrl: canManage ? c.streamUrl : null,
  snapshotUrl: canManage ? c.snapshotUrl : null,
  createdAt: c.createdAt,
});
