import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { vesselKeys, vesselPath } from '../vessels/queries';
import type { PermissionSet } from '../vessels/types';
import { type AccessRequest, type CatalogueCompany, type CompanyGrantInput, isCompany, type Member } from './types';

const CATALOGUE_KINDS = ['contractors', 'dealers', 'manufacturers'] as const;

export const memberQueries = {
  directory: (vesselId: number) =>
    queryOptions({
      queryKey: vesselKeys.section(vesselId, 'directory'),
      queryFn: () => api.get<Member[]>(vesselPath(vesselId, 'directory')),
    }),
  accessRequests: (vesselId: number) =>
    queryOptions({
      queryKey: vesselKeys.section(vesselId, 'accessRequests'),
      queryFn: () => api.get<AccessRequest[]>(vesselPath(vesselId, 'accessRequests')),
    }),
  /** Every company of the catalogue, for the company picker. */
  catalogue: () =>
    queryOptions({
      queryKey: ['companies', 'catalogue'] as const,
      queryFn: async () => (await Promise.all(CATALOGUE_KINDS.map((kind) => api.get<CatalogueCompany[]>(`company/${kind}`)))).flat(),
    }),
};

export const memberActions = {
  /** Invites a person by e-mail; `name` is what the crew will call them until they accept. */
  add: (vesselId: number, email: string, name: string) =>
    api.post<unknown>(vesselPath(vesselId, 'addUser'), undefined, { query: { email, name: name || undefined } }),
  pause: (vesselId: number, userId: number, paused: boolean) => api.post<unknown>(vesselPath(vesselId, 'pause'), { userId, paused }),
  revoke: (vesselId: number, userId: number) => api.post<unknown>(vesselPath(vesselId, 'revoke'), { userId }),
  editPermissions: (vesselId: number, userId: number, permissions: PermissionSet) =>
    api.post<unknown>(vesselPath(vesselId, 'editPermissions'), { userId, permissions }),
  addCompany: (vesselId: number, companyId: number, grant: CompanyGrantInput) =>
    api.post<unknown>(vesselPath(vesselId, `addCompany/${encodeURIComponent(companyId)}`), grant),
  editCompanyGrant: (vesselId: number, companyId: number, grant: CompanyGrantInput) =>
    api.post<unknown>(vesselPath(vesselId, 'editCompany'), { companyId, ...grant }),
  pauseCompany: (vesselId: number, companyId: number, paused: boolean) =>
    api.post<unknown>(vesselPath(vesselId, `pauseCompany/${encodeURIComponent(companyId)}/${paused}`)),
  revokeCompany: (vesselId: number, companyId: number) => api.post<unknown>(vesselPath(vesselId, 'revokeCompany'), { companyId }),
  /** The vessel's grant: for someone who asked for access, it also makes them a member. */
  grant: (vesselId: number, userId: number, permissions: PermissionSet) => api.post<unknown>(vesselPath(vesselId, 'grant'), { userId, permissions }),
  declineRequest: (vesselId: number, requestId: number) => api.post<unknown>(vesselPath(vesselId, `accessRequests/${encodeURIComponent(requestId)}/decline`)),
  requestAccess: (vesselId: number, message: string) => api.post<unknown>(vesselPath(vesselId, 'requestAccess'), { message }),
};

/** The calls for a row, whether it is a person or a company. */
export const accessActions = {
  pause: (vesselId: number, member: Member, paused: boolean) =>
    isCompany(member) ? memberActions.pauseCompany(vesselId, member.companyId, paused) : memberActions.pause(vesselId, member.userId, paused),
  revoke: (vesselId: number, member: Member) =>
    isCompany(member) ? memberActions.revokeCompany(vesselId, member.companyId) : memberActions.revoke(vesselId, member.userId),
  editPermissions: (vesselId: number, member: Member, permissions: PermissionSet) =>
    isCompany(member)
      ? memberActions.editCompanyGrant(vesselId, member.companyId, { permissions })
      : memberActions.editPermissions(vesselId, member.userId, permissions),
};
