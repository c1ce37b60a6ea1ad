/** `vessel_documents`: a vessel's documents, their content in the platform's file store. Only this file touches the table. */
import type { Db } from '../../../db/knex.js';
import { insertId, nowIso } from '../../../db/knex.js';

export interface DocumentTableRow {
  id: number;
  vessel_id: number;
  category_id: number | null;
  name: string;
  file_id: string;
  mime: string;
  size: number;
  uploaded_by: number | null;
  created_at: string;
}

import type { VesselDocument } from '../../../../contracts/documents.js';

export type { VesselDocument };

export const toDocument = (r: DocumentTableRow): VesselDocument => ({
  id: r.id,
  vesselId: r.vessel_id,
  categoryId: r.category_id,
  name: r.name,
  fileId: r.file_id,
  mime: r.mime,
  size: Number(r.size),
  uploadedBy: r.uploaded_by,
  createdAt: r.created_at,
});

export async function documentsOf(db: Db, vesselId: number): Promise<VesselDocument[]> {
  return (await db<DocumentTableRow>('vessel_documents').where({ vessel_id: vesselId }).orderBy('created_at', 'desc').orderBy('id', 'desc')).map(toDocument);
}

/** A document of this vessel; another vessel's document is as absent as a missing one. */
export async function findDocument(db: Db, vesselId: number, id: number): Promise<VesselDocument | null> {
  const row = await db<DocumentTableRow>('vessel_documents').where({ id, vessel_id: vesselId }).first();
  return row ? toDocument(row) : null;
}

export async function bytesUsed(db: Db, vesselId: number): Promise<number> {
  const row = await db<DocumentTableRow>('vessel_documents').where({ vessel_id: vesselId }).sum<{ used: number | string | null }[]>({ used: 'size' }).first();
  return Number(row?.used ?? 0);
}

export async function insertDocument(db: Db, d: Omit<VesselDocument, 'id' | 'createdAt'>): Promise<VesselDocument> {
  const id = await insertId(db, 'vessel_documents', {
    vessel_id: d.vesselId,
    category_id: d.categoryId,
    name: d.name,
    file_id: d.fileId,
    mime: d.mime,
    size: d.size,
    uploaded_by: d.uploadedBy,
    created_at: nowIso(),
  });
  return (await findDocument(db, d.vesselId, id))!;
}

export async function deleteDocument(db: Db, id: number): Promise<void> {
  await db<DocumentTableRow>('vessel_documents').where({ id }).delete();
}
