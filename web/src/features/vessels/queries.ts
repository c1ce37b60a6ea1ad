import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';
import type { PendingInvitation, VesselDetail, VesselSummary } from './types';

/** Every vessel query hangs under ['vessels', id], so one vessel's cache can be cleared at once. */
export const vesselKeys = {
  all: ['vessels'] as const,
  detail: (vesselId: number) => ['vessels', vesselId] as const,
  section: (vesselId: number, section: string) => ['vessels', vesselId, section] as const,
};

export const vesselQueries = {
  list: () =>
    queryOptions({
      queryKey: vesselKeys.all,
      queryFn: () => api.get<VesselSummary[]>('vessel/basic'),
    }),
  detail: (vesselId: number) =>
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

export const vesselPath = (vesselId: number, suffix: string) => `vessel/${encodeURIComponent(vesselId)}/${suffix}`;

export const vesselActions = {
  pair: (vesselId: number, pairingCode: string) => api.post<unknown>(vesselPath(vesselId, 'pair'), undefined, { query: { pairingCode } }),
  update: (vesselId: number, fields: { name?: string; groupName?: string | null }) => api.put<VesselDetail>(vesselPath(vesselId, ''), fields),
  acceptInvitation: (vesselId: number) => api.post<unknown>(vesselPath(vesselId, 'acceptInvite')),
};
