/** `vessel_cameras`: one row per camera. Only this file touches the table. */
import { insertId, nowIso, type Db } from '../../db/knex.js';

interface CameraTableRow {
  id: number;
  vessel_id: number;
  name: string;
  stream_url: string;
  snapshot_url: string | null;
  created_at: string;
}

export interface CameraRow {
  id: number;
  vesselId: number;
  name: string;
  streamUrl: string;
  snapshotUrl: string | null;
  createdAt: string;
}

export interface CameraFields {
  name: string;
  streamUrl: string;
  snapshotUrl?: string | null;
}

const toCamera = (r: CameraTableRow): CameraRow => ({
  id: r.id,
  vesselId: r.vessel_id,
  name: r.name,
  streamUrl: r.stream_url,
  snapshotUrl: r.snapshot_url,
  createdAt: r.created_at,
});

const toRow = (f: CameraFields) => ({ name: f.name, stream_url: f.streamUrl, snapshot_url: f.snapshotUrl ?? null });

export async function camerasOf(db: Db, vesselId: number): Promise<CameraRow[]> {
  return (await db<CameraTableRow>('vessel_cameras').where({ vessel_id: vesselId }).orderBy('name').orderBy('id')).map(toCamera);
}

export async function findCamera(db: Db, vesselId: number, id: number): Promise<CameraRow | null> {
  const row = await db<CameraTableRow>('vessel_cameras').where({ id, vessel_id: vesselId }).first();
  return row ? toCamera(row) : null;
}

export async function insertCamera(db: Db, vesselId: number, fields: CameraFields): Promise<CameraRow> {
  const id = await insertId(db, 'vessel_cameras', { vessel_id: vesselId, ...toRow(fields), created_at: nowIso() });
  return (await findCamera(db, vesselId, id))!;
}

export const updateCamera = (db: Db, id: number, fields: CameraFields) => db('vessel_cameras').where({ id }).update(toRow(fields));

export const deleteCamera = (db: Db, id: number) => db('vessel_cameras').where({ id }).delete();
