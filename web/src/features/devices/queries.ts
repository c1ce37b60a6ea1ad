import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { vesselKeys, vesselPath } from '../vessels/queries';
import type { Bus, BusDescription, BusProperty, CommandRequest, CommandStatus, Device, HistoryBucket } from './types';

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
  buses: (vesselId: number) =>
    queryOptions({
      queryKey: vesselKeys.section(vesselId, 'busList'),
      queryFn: () => api.get<Bus[]>(vesselPath(vesselId, 'busList')),
    }),
  busProperties: (vesselId: number, bus: string) =>
    queryOptions({
      queryKey: [...vesselKeys.section(vesselId, 'busProperties'), bus] as const,
      queryFn: () => api.get<BusProperty[]>('devices/busProperties', { query: { vesselId, bus } }),
    }),
  /** The platform's bus names: they change with a release, not while the app runs. */
  busCatalogue: () =>
    queryOptions({
      queryKey: ['buses'] as const,
      queryFn: () => api.get<BusDescription[]>('dataUtils', { query: { action: 'getAllBuses' } }),
      staleTime: Infinity,
    }),
  /** A property's history in at most `buckets` buckets: a chart asks for about one per pixel of its width. */
  history: (vesselId: number, propertyId: number, dateFrom: string, dateTo: string, buckets: number) =>
    queryOptions({
      queryKey: [...vesselKeys.section(vesselId, 'history'), propertyId, { dateFrom, dateTo, buckets }] as const,
      queryFn: () => api.get<HistoryBucket[]>('simpleDevices/values', { query: { propertyId, dateFrom, dateTo, buckets } }),
      staleTime: SIMPLE_DEVICE_DEDUPE_MS,
    }),
};

export const deviceActions = {
  sendCommand: (vesselId: number, command: CommandRequest) => api.post<CommandStatus>(vesselPath(vesselId, 'sendCommand'), command),
};
