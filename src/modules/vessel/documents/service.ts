/**
 * A vessel's documents: documents VIEW to read and download, MANAGE to upload and delete, at most
 * 500 MB a vessel. Downloads go through the vessel, so a link stops working the moment the
 * access that produced it is revoked.
 */
import Boom from '@hapi/boom';
import type { Database } from '../../../db/knex.js';
import { deleteFile, detectDocument, readFile, storeFile } from '../../../platform/files.js';
import type { VesselScope } from '../../access/api.js';
import { categoryExists, documentCategories, type DocumentCategory } from '../vessels/repository.js';
import * as repo from './repository.js';

/** Documents a vessel may hold in all, so one vessel cannot fill the database. */
export const DOCUMENT_STORAGE_LIMIT_BYTES = 500 * 1024 * 1024;

export interface DocumentView {
  id: number;
  name: string;
  categoryId: number | null;
  mime: string;
  size: number;
  uploadedBy: number | null;
  createdAt: string;
  url: string;
}

const documentView = (d: repo.VesselDocument): DocumentView => ({
  id: d.id,
  name: d.name,
  categoryId: d.categoryId,
  mime: d.mime,
  size: d.size,
  uploadedBy: d.uploadedBy,
  createdAt: d.createdAt,
  url: `/api/vessel/${d.vesselId}/documents/${d.id}/file`,
});

const EXTENSIONS: Record<string, string> = { 'application/pdf': '.pdf', 'text/plain': '.txt' };

const documentMissing = () => Boom.notFound('Document not found');

export class DocumentsService {
  constructor(private readonly db: Database) {}

  categories(): Promise<DocumentCategory[]> {
    return documentCategories(this.db);
  }

  async list(vesselId: number): Promise<DocumentView[]> {
    return (await repo.documentsOf(this.db, vesselId)).map(documentView);
  }

  async storage(vesselId: number): Promise<{ used: number; limit: number }> {
    return { used: await repo.bytesUsed(this.db, vesselId), limit: DOCUMENT_STORAGE_LIMIT_BYTES };
  }

  async upload(scope: VesselScope, upload: { file: Buffer; name: string; categoryId?: number }): Promise<DocumentView> {
    if (upload.categoryId && !(await categoryExists(this.db, upload.categoryId))) throw Boom.badRequest('categoryId does not name a document category');
    const mime = detectDocument(upload.file);
    if ((await repo.bytesUsed(this.db, scope.vesselId)) + upload.file.length > DOCUMENT_STORAGE_LIMIT_BYTES)
      throw Boom.entityTooLarge('The vessel’s document storage is full');
    const stored = await storeFile(this.db, { data: upload.file, mime, name: upload.name, ownerUserId: scope.caller.id });
    const doc = await repo.insertDocument(this.db, {
      vesselId: scope.vesselId,
      categoryId: upload.categoryId ?? null,
      name: upload.name,
      fileId: stored.id,
      mime,
      size: upload.file.length,
      uploadedBy: scope.caller.id,
    });
    return documentView(doc);
  }

  /** The content and the name to save it under. */
  async download(vesselId: number, documentId: number): Promise<{ data: Buffer; mime: string; filename: string }> {
    const doc = await repo.findDocument(this.db, vesselId, documentId);
    const file = doc ? await readFile(this.db, doc.fileId) : null;
    if (!doc || !file) throw documentMissing();
    return { data: file.data, mime: file.mime, filename: `${doc.name.replace(/[^\w.-]/g, '_')}${EXTENSIONS[file.mime] ?? ''}` };
  }

  async remove(vesselId: number, documentId: number): Promise<void> {
    const doc = await repo.findDocument(this.db, vesselId, documentId);
    if (!doc) throw documentMissing();
    await repo.deleteDocument(this.db, doc.id);
    await deleteFile(this.db, doc.fileId);
  }
}
