import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { vesselKeys, vesselPath } from '../vessels/queries';
import type { Geofence, Location } from './types';

export const locationQueries = {
  current: (vesselId: string) =>
    queryOptions({
      queryKey: vesselKeys.section(vesselId, 'location'),
      queryFn: () => api.get<Location | null>(vesselPath(vesselId, 'location')),
    }),
  track: (vesselId: string, from: string, to: string) =>
    queryOptions({
      queryKey: [...vesselKeys.section(vesselId, 'locationHistory'), { from, to }] as const,
      queryFn: () => api.get<Location[]>(vesselPath(vesselId, 'locationHistory'), { query: { from, to } }),
    }),
  geofence: (vesselId: string) =>
    queryOptions({
      queryKey: vesselKeys.section(vesselId, 'geofence'),
      queryFn: () => api.get<Geofence | null>(vesselPath(vesselId, 'geofence')),
    }),
};

export const geofenceActions = {
  save: (vesselId: string, geofence: Pick<Geofence, 'radius' | 'lat' | 'lon' | 'delay'>) =>
    api.post<unknown>(vesselPath(vesselId, 'geofence'), geofence),
  setEnabled: (vesselId: string, enabled: boolean) => api.post<unknown>(vesselPath(vesselId, `geofence/${enabled}`)),
};
