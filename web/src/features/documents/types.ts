export interface VesselDocument {
  id: number;
  name: string;
  categoryId: number | null;
  fileId?: number | null;
  url?: string | null;
  contentType?: string | null;
  size?: number | null;
  createdAt?: string | null;
}

export interface DocumentCategory {
  id: number;
  name: string;
}
