import { queryOptions } from '@tanstack/react-query';
import type { IncomingTransfer, TransferAcceptance, VesselTransfer } from '../../../../contracts/transfer';
import { api } from '../../lib/api';
import { vesselKeys, vesselPath } from '../vessels/queries';

/** The owner's pending transfer hangs under the vessel; the buyer's incoming ones under ['transfers']. */
export const transferKeys = {
  incoming: ['transfers'] as const,
  ofVessel: (vesselId: number) => vesselKeys.section(vesselId, 'transfer'),
};

export const transferQueries = {
  ofVessel: (vesselId: number) =>
    queryOptions({
      queryKey: transferKeys.ofVessel(vesselId),
      queryFn: () => api.get<VesselTransfer | null>(vesselPath(vesselId, 'transfer')),
    }),
  incoming: () =>
    queryOptions({
      queryKey: transferKeys.incoming,
      queryFn: () => api.get<IncomingTransfer[]>('vessel/transfers'),
    }),
};

const transferPath = (transferId: number, verb: string) => `vessel/transfers/${encodeURIComponent(transferId)}/${verb}`;

export const transferActions = {
  start: (vesselId: number, email: string) => api.post<{ message: string }>(vesselPath(vesselId, 'transfer'), { email }),
  confirm: (vesselId: number, code: string) => api.post<VesselTransfer>(vesselPath(vesselId, 'confirmTransfer'), undefined, { query: { code } }),
  accept: (transferId: number, keep: TransferAcceptance) => api.post<VesselTransfer>(transferPath(transferId, 'accept'), keep),
  decline: (transferId: number) => api.post<VesselTransfer>(transferPath(transferId, 'decline')),
  cancel: (transferId: number) => api.post<VesselTransfer>(transferPath(transferId, 'cancel')),
};
