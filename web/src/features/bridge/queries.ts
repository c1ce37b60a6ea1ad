import { queryOptions } from '@tanstack/react-query';
import type { Controller } from '../../../../contracts/bridge';
import type { LocationSource, MessageSource } from '../../../../contracts/devices';
import { api } from '../../lib/api';
import { vesselKeys, vesselPath } from '../vessels/queries';

export const bridgeQueries = {
  messageSources: (vesselId: number) =>
    queryOptions({
      queryKey: vesselKeys.section(vesselId, 'messageSources'),
      queryFn: () => api.get<MessageSource[]>('discovery/messageSources', { query: { vesselId } }),
    }),
  /** What controls the vessel: the cloud, then the MFDs and apps the bridge reports (GET vessel/{id}/controllers). */
  controllers: (vesselId: number) =>
    queryOptions({
      queryKey: vesselKeys.section(vesselId, 'controllers'),
      queryFn: () => api.get<Controller[]>(vesselPath(vesselId, 'controllers')),
    }),
  locationSources: (vesselId: number) =>
    queryOptions({
      queryKey: vesselKeys.section(vesselId, 'locationSources'),
      queryFn: () => api.get<LocationSource[]>(`vessel/location/${encodeURIComponent(vesselId)}/persistedSources`),
    }),
};

export const bridgeActions = {
  /** The caller's own password is checked again before the bridge is asked to reboot. */
  reboot: (vesselId: number, adminPassword: string) => api.post<unknown>(vesselPath(vesselId, 'reboot'), undefined, { query: { adminPassword } }),
  setLogLevel: (vesselId: number, level: string) => api.post<unknown>(vesselPath(vesselId, `logs/logLevel/${level}`)),
  setMessageSource: (vesselId: number, uid: string, enabled: boolean) =>
    api.post<unknown>(vesselPath(vesselId, 'discovery/messageSources'), { sources: [{ uid, enabled }] }),
  setLocationSources: (vesselId: number, uids: string[]) => api.post<unknown>(`vessel/location/${encodeURIComponent(vesselId)}/enableSources`, { uids }),
};

/** The bridge's log levels (the server's bridges/schemas.ts). */
export const BRIDGE_LOG_LEVELS = ['error', 'warn', 'info', 'debug'] as const;
