import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { vesselKeys, vesselPath } from '../vessels/queries';
import type { PermissionSet } from '../vessels/types';
import type { Member } from './types';

export const memberQueries = {
  directory: (vesselId: string) =>
    queryOptions({
      queryKey: vesselKeys.section(vesselId, 'directory'),
      queryFn: () => api.get<Member[]>(vesselPath(vesselId, 'directory')),
    }),
};

export const memberActions = {
  add: (vesselId: string, email: string) => api.post<unknown>(vesselPath(vesselId, 'addUser'), undefined, { query: { email } }),
  pause: (vesselId: string, userId: string, paused: boolean) =>
    api.post<unknown>(vesselPath(vesselId, 'pause'), { userId, paused }),
  revoke: (vesselId: string, userId: string) => api.post<unknown>(vesselPath(vesselId, 'revoke'), { userId }),
  editPermissions: (vesselId: string, userId: string, permissions: PermissionSet) =>
    api.post<unknown>(vesselPath(vesselId, 'editPermissions'), { userId, permissions }),
};
