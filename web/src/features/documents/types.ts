export interface VesselDocument {
  id: string;
  name: string;
  categoryId: string | null;
  fileId?: string | null;
  url?: string | null;
  contentType?: string | null;
  size?: number | null;
  createdAt?: string | null;
}

export interface DocumentCategory {
  id: string;
  name: string;
}
