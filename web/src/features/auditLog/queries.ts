import { queryOptions } from '@tanstack/react-query';
import type { AuditEntry } from '../../../../contracts/admin';
import { api } from '../../lib/api';
import { vesselKeys, vesselPath } from '../vessels/queries';

export const auditLogQueries = {
  /** The vessel's latest 200 records, newest first (auditLogs VIEW). */
  latest: (vesselId: number) =>
    queryOptions({
      queryKey: vesselKeys.section(vesselId, 'auditLog'),
      queryFn: () => api.get<AuditEntry[]>(vesselPath(vesselId, 'logs/all')),
    }),
};

/** "POST /api/vessel/{id}/alerts/silenceAll" reads as "alerts/silenceAll"; other records keep their words. */
export function actionText(action: string): string {
  const call = /^[A-Z]+ \/api\/(?:vessel\/\{id\}\/?)?(.*)$/.exec(action);
  if (!call) return action;
  const method = action.slice(0, action.indexOf(' '));
  return `${method === 'DELETE' ? 'delete ' : method === 'PUT' ? 'change ' : ''}${call[1] || 'vessel'}`;
}
