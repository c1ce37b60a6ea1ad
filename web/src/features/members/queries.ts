import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { vesselKeys, vesselPath } from '../vessels/queries';
import type { PermissionSet } from '../vessels/types';
import { isCompany, type Member } from './types';

export const memberQueries = {
  directory: (vesselId: number) =>
    queryOptions({
      queryKey: vesselKeys.section(vesselId, 'directory'),
      queryFn: () => api.get<Member[]>(vesselPath(vesselId, 'directory')),
    }),
};

export const memberActions = {
  add: (vesselId: number, email: string) => api.post<unknown>(vesselPath(vesselId, 'addUser'), undefined, { query: { email } }),
  pause: (vesselId: number, userId: number, paused: boolean) => api.post<unknown>(vesselPath(vesselId, 'pause'), { userId, paused }),
  revoke: (vesselId: number, userId: number) => api.post<unknown>(vesselPath(vesselId, 'revoke'), { userId }),
  editPermissions: (vesselId: number, userId: number, permissions: PermissionSet) =>
    api.post<unknown>(vesselPath(vesselId, 'editPermissions'), { userId, permissions }),
  editCompany: (vesselId: number, companyId: number, permissions: PermissionSet) =>
    api.post<unknown>(vesselPath(vesselId, 'editCompany'), { companyId, permissions }),
  pauseCompany: (vesselId: number, companyId: number, paused: boolean) =>
    api.post<unknown>(vesselPath(vesselId, `pauseCompany/${encodeURIComponent(companyId)}/${paused}`)),
  revokeCompany: (vesselId: number, companyId: number) => api.post<unknown>(vesselPath(vesselId, 'revokeCompany'), { companyId }),
};

/** The calls for a row, whether it is a person or a company. */
export const accessActions = {
  pause: (vesselId: number, member: Member, paused: boolean) =>
    isCompany(member) ? memberActions.pauseCompany(vesselId, member.companyId, paused) : memberActions.pause(vesselId, member.userId, paused),
  revoke: (vesselId: number, member: Member) =>
    isCompany(member) ? memberActions.revokeCompany(vesselId, member.companyId) : memberActions.revoke(vesselId, member.userId),
  editPermissions: (vesselId: number, member: Member, permissions: PermissionSet) =>
    isCompany(member)
      ? memberActions.editCompany(vesselId, member.companyId, permissions)
      : memberActions.editPermissions(vesselId, member.userId, permissions),
};
