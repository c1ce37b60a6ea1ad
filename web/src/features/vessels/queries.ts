import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';
import type { PendingInvitation, VesselDetail, VesselSummary } from './types';

/** Every vessel query hangs under ['vessels', id], so one vessel's cache can be cleared at once. */
export const vesselKeys = {
  all: ['vessels'] as const,
  detail: (vesselId: string) => ['vessels', vesselId] as const,
  section: (vesselId: string, section: string) => ['vessels', vesselId, section] as const,
};

export const vesselQueries = {
  list: () =>
    queryOptions({
      queryKey: vesselKeys.all,
      queryFn: () => api.get<VesselSummary[]>('vessel/basic'),
    }),
  detail: (vesselId: string) =>
    queryOptions({
      queryKey: vesselKeys.detail(vesselId),
      queryFn: () => api.get<VesselDetail>(`vessel/${encodeURIComponent(vesselId)}`),
    }),
  pendingInvitations: () =>
    queryOptions({
      queryKey: ['invitations'] as const,
      queryFn: () => api.get<PendingInvitation[]>('vessel/pending'),
    }),
};

export const vesselPath = (vesselId: string, suffix: string) => `vessel/${encodeURIComponent(vesselId)}/${suffix}`;

export const vesselActions = {
  pair: (vesselId: string, pairingCode: string) =>
    api.post<unknown>(vesselPath(vesselId, 'pair'), undefined, { query: { pairingCode } }),
  update: (vesselId: string, fields: { name?: string; groupName?: string | null }) =>
    api.put<VesselDetail>(vesselPath(vesselId, ''), fields),
  acceptInvitation: (vesselId: string) => api.post<unknown>(vesselPath(vesselId, 'acceptInvite')),
  setUserNotifications: (vesselId: string, enabled: boolean) =>
    api.post<unknown>(vesselPath(vesselId, `userNotifications/${enabled}`)),
};

