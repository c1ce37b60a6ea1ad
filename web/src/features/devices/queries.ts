import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { vesselKeys, vesselPath } from '../vessels/queries';
import type { CommandResult, Device, HistoryPoint } from './types';

/** Identical simple-device reads within 9 s are answered from the cache (spec 7). */
export const SIMPLE_DEVICE_DEDUPE_MS = 9000;

export const deviceQueries = {
  list: (vesselId: string) =>
    queryOptions({
      queryKey: vesselKeys.section(vesselId, 'devices'),
      queryFn: () => api.get<Device[]>(vesselPath(vesselId, 'devices')),
      // The live stream keeps the values current while the vessel is open.
      staleTime: 60_000,
    }),
  history: (vesselId: string, propertyId: string, dateFrom: string, dateTo: string) =>
    queryOptions({
      queryKey: [...vesselKeys.section(vesselId, 'history'), propertyId, { dateFrom, dateTo }] as const,
      queryFn: () => api.get<HistoryPoint[]>('simpleDevices/values', { query: { propertyId, dateFrom, dateTo } }),
      staleTime: SIMPLE_DEVICE_DEDUPE_MS,
    }),
};

export const deviceActions = {
  sendCommand: (vesselId: string, propertyId: string, value: unknown) =>
    api.post<CommandResult>(vesselPath(vesselId, 'sendCommand'), { deviceProperty: propertyId, value }),
};
