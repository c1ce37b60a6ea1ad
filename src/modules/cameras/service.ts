/**
 * A vessel's cameras: securityManager VIEW sees them through the server's proxy, MANAGE changes
 * them and alone reads their addresses (which may carry the camera's credentials).
 */
import Boom from '@hapi/boom';
import type { IncomingMessage } from 'node:http';
import type { Camera } from '../../../contracts/vessel-areas.js';
import type { Db } from '../../db/knex.js';
import { tooManyRequests } from '../../platform/rate-limit.js';
import { type CameraLimits, snapshotOf, streamOf } from './fetch.js';
import * as repo from './repository.js';

/** Longest a proxied stream runs; the screen opens a new one when it ends. */
export const MAX_STREAM_MS = 30 * 60_000;

/**
 * Streams one person may hold open at once (per server): a screen shows a vessel's cameras, a
 * person watches a few; each open stream holds a connection to a camera and one to the browser.
 */
export const MAX_STREAMS_PER_USER = 8;

export class CamerasService {
  /** Open streams by user. */
  private readonly open = new Map<number, number>();

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

  /** The camera's MJPEG stream for a user, ended after MAX_STREAM_MS; 429 while they hold MAX_STREAMS_PER_USER. */
  async stream(vesselId: number, id: number, userId: number): Promise<{ response: IncomingMessage; type: string }> {
    const camera = await this.find(vesselId, id);
    const held = this.open.get(userId) ?? 0;
    if (held >= MAX_STREAMS_PER_USER) throw tooManyRequests(60, `You have ${MAX_STREAMS_PER_USER} camera streams open. Close one to open another.`);
    this.open.set(userId, held + 1);
    const release = () => {
      const left = (this.open.get(userId) ?? 1) - 1;
      if (left > 0) this.open.set(userId, left);
      else this.open.delete(userId);
    };
    let stream: Awaited<ReturnType<typeof streamOf>>;
    try {
      stream = await streamOf(camera.streamUrl, this.limits);
    } catch (err) {
      release();
      throw err;
    }
    const cap = setTimeout(() => stream.response.destroy(), MAX_STREAM_MS);
    stream.response.once('close', () => {
      clearTimeout(cap);
      release();
    });
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
