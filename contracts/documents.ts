/** A vessel's documents (docs/api.md, "Documents"): the shapes the server answers and the web app lists. */

export interface VesselDocument {
  id: number;
  vesselId: number;
  categoryId: number | null;
  name: string;
  /** The stored file's id; the file itself comes from `vessel/{id}/documents/{documentId}/file`. */
  fileId: string;
  mime: string;
  size: number;
  uploadedBy: number | null;
  createdAt: string;
}

/** The categories an administrator keeps (contracts/admin.ts), offered when a document is added. */
export type { DocumentCategory } from './admin.js';
