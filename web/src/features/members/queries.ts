import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { vesselKeys, vesselPath } from '../vessels/queries';
import type { PermissionSet } from '../vessels/types';
import type { Member } from './types';

export const memberQueries = {
  directory: (vesselId: number) =>
    queryOptions({
      queryKey: vesselKeys.section(vesselId, 'directory'),
      queryFn: () => api.get<Member[]>(vesselPath(vesselId, 'directory')),
    }),
};

export const memberActions = {
  add: (vesselId: number, email: string) => api.post<unknown>(vesselPath(vesselId, 'addUser'), undefined, { query: { email } }),
  pause: (vesselId: number, userId: number, paused: boolean) =>
    api.post<unknown>(vesselPath(vesselId, 'pause'), { userId, paused }),
  revoke: (vesselId: number, userId: number) => api.post<unknown>(vesselPath(vesselId, 'revoke'), { userId }),
  editPermissions: (vesselId: number, userId: number, permissions: PermissionSet) =>
    api.post<unknown>(vesselPath(vesselId, 'editPermissions'), { userId, permissions }),
};
