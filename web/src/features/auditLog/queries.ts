import { infiniteQueryOptions } from '@tanstack/react-query';
import type { AuditEntry, Paged } from '../../../../contracts/admin';
import { api } from '../../lib/api';
import { vesselKeys } from '../vessels/queries';

/** Records a page: one screenful, then "Show older" adds the next. */
export const AUDIT_PAGE_SIZE = 50;

export const auditLogQueries = {
  /** The vessel's records, newest first, a page at a time (POST logs/all/page, auditLogs VIEW). */
  pages: (vesselId: number) =>
    infiniteQueryOptions({
      queryKey: vesselKeys.section(vesselId, 'auditLog'),
      queryFn: ({ pageParam }) =>
        api.post<Paged<AuditEntry>>('logs/all/page', { page: pageParam, size: AUDIT_PAGE_SIZE, sort: 'at,desc', filter: { vesselId } }),
      initialPageParam: 0,
      getNextPageParam: (last, pages) => (pages.length * AUDIT_PAGE_SIZE < last.totalElements ? pages.length : undefined),
    }),
};

/** "POST /api/vessel/{id}/alerts/silenceAll" reads as "alerts/silenceAll"; other records keep their words. */
export function actionText(action: string): string {
  const call = /^[A-Z]+ \/api\/(?:vessel\/\{id\}\/?)?(.*)$/.exec(action);
  if (!call) return action;
  const method = action.slice(0, action.indexOf(' '));
  return `${method === 'DELETE' ? 'delete ' : method === 'PUT' ? 'change ' : ''}${call[1] || 'vessel'}`;
}
