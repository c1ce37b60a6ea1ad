import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { vesselKeys, vesselPath } from '../vessels/queries';
import type { DocumentCategory, VesselDocument } from '../../../../contracts/documents';

export const documentQueries = {
  list: (vesselId: number) =>
    queryOptions({
      queryKey: vesselKeys.section(vesselId, 'documents'),
      queryFn: () => api.get<VesselDocument[]>(vesselPath(vesselId, 'documents')),
    }),
  /** Bytes the vessel's documents take and the vessel's limit (GET vessel/{id}/documentStorage). */
  storage: (vesselId: number) =>
    queryOptions({
      queryKey: [...vesselKeys.section(vesselId, 'documents'), 'storage'] as const,
      queryFn: () => api.get<{ used: number; limit: number }>(vesselPath(vesselId, 'documentStorage')),
    }),
  categories: () =>
    queryOptions({
      queryKey: ['documentCategories'] as const,
      queryFn: () => api.get<DocumentCategory[]>('vessel/documentCategories'),
      staleTime: Infinity,
    }),
};

export const documentActions = {
  upload: (vesselId: number, file: File, name: string, categoryId: number | null) => {
    const form = new FormData();
    form.append('file', file);
    form.append('name', name);
    if (categoryId !== null) form.append('categoryId', String(categoryId));
    return api.post<VesselDocument>(vesselPath(vesselId, 'documents'), form);
  },
  remove: (vesselId: number, documentId: number) => api.delete<unknown>(vesselPath(vesselId, `documents/${documentId}`)),
};

/**
 * A document's content, for a link the browser opens itself: it cannot send the bearer header, so
 * it carries a link key (features/links); `GET vessel/{id}/documents/{documentId}/file` checks the
 * member's documents permission, which a bare file link cannot.
 */
export function documentPath(vesselId: number, document: Pick<VesselDocument, 'id'>): string {
  return vesselPath(vesselId, `documents/${encodeURIComponent(document.id)}/file`);
}
