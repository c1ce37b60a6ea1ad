import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { vesselKeys, vesselPath } from '../vessels/queries';
import type { CommandRequest, CommandStatus, Device, HistoryPoint } from './types';

/** Identical simple-device reads within 9 s are answered from the cache (spec 7). */
export const SIMPLE_DEVICE_DEDUPE_MS = 9000;

export const deviceQueries = {
  list: (vesselId: number) =>
    queryOptions({
      queryKey: vesselKeys.section(vesselId, 'devices'),
      queryFn: () => api.get<Device[]>(vesselPath(vesselId, 'devices')),
      // The live stream keeps the values current while the vessel is open.
      staleTime: 60_000,
    }),
  history: (vesselId: number, propertyId: number, dateFrom: string, dateTo: string) =>
    queryOptions({
      queryKey: [...vesselKeys.section(vesselId, 'history'), propertyId, { dateFrom, dateTo }] as const,
      queryFn: () => api.get<HistoryPoint[]>('simpleDevices/values', { query: { propertyId, dateFrom, dateTo } }),
      staleTime: SIMPLE_DEVICE_DEDUPE_MS,
    }),
};

export const deviceActions = {
  sendCommand: (vesselId: number, command: CommandRequest) => api.post<CommandStatus>(vesselPath(vesselId, 'sendCommand'), command),
};
