import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { vesselKeys, vesselPath } from '../vessels/queries';
import type { ServiceRequest, ServiceRequestInput, VesselServiceRequests } from '../../../../contracts/service-requests';
import type { ServiceCompletion, ServiceDueEntry, ServiceItem, ServiceItemInput, ServiceLogEntry, ServiceSchedule } from './types';

export const serviceQueries = {
  schedule: (vesselId: number) =>
    queryOptions({
      queryKey: vesselKeys.section(vesselId, 'service'),
      queryFn: () => api.get<ServiceSchedule>(vesselPath(vesselId, 'service')),
    }),
  log: (vesselId: number) =>
    queryOptions({
      queryKey: [...vesselKeys.section(vesselId, 'service'), 'log'] as const,
      queryFn: () => api.get<ServiceLogEntry[]>(vesselPath(vesselId, 'service/log')),
    }),
  companyDue: () =>
    queryOptions({
      queryKey: ['organisation', 'servicesDue'] as const,
      queryFn: () => api.get<ServiceDueEntry[]>('org/servicesDue'),
    }),
  /** The companies that may be asked about an alarm, and the requests made (kept fresh by the user's live stream: liveEvents.ts). */
  vesselRequests: (vesselId: number) =>
    queryOptions({
      queryKey: vesselKeys.section(vesselId, 'serviceRequests'),
      queryFn: () => api.get<VesselServiceRequests>(vesselPath(vesselId, 'serviceRequests')),
    }),
  /** The requests waiting on the user's company (kept fresh by the user's live stream: liveEvents.ts). */
  companyRequests: () =>
    queryOptions({
      queryKey: serviceRequestKeys.company,
      queryFn: () => api.get<ServiceRequest[]>('org/serviceRequests'),
    }),
};

export const serviceRequestKeys = {
  company: ['organisation', 'serviceRequests'] as const,
};

export const serviceActions = {
  add: (vesselId: number, input: ServiceItemInput) => api.post<ServiceItem>(vesselPath(vesselId, 'service'), input),
  edit: (vesselId: number, itemId: number, input: ServiceItemInput) => api.put<ServiceItem>(vesselPath(vesselId, `service/${itemId}`), input),
  remove: (vesselId: number, itemId: number) => api.delete<unknown>(vesselPath(vesselId, `service/${itemId}`)),
  complete: (vesselId: number, itemId: number, done: ServiceCompletion) =>
    api.post<{ item: ServiceItem; entry: ServiceLogEntry }>(vesselPath(vesselId, `service/${itemId}/complete`), done),
  askCompany: (vesselId: number, alertId: number, input: ServiceRequestInput) =>
    api.post<ServiceRequest>(vesselPath(vesselId, `alerts/${alertId}/serviceRequest`), input),
  markRequestDone: (requestId: number, notes: string) => api.post<ServiceRequest>(`org/serviceRequests/${encodeURIComponent(requestId)}/done`, { notes }),
};
