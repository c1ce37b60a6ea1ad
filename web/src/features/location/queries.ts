import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { vesselKeys, vesselPath } from '../vessels/queries';
import { presetRange, type RangePreset } from '../charts/timeRange';
import type { Geofence, Location } from './types';

export const DEFAULT_TRACK_PERIOD: RangePreset = '24H';

export const locationQueries = {
  current: (vesselId: number) =>
    queryOptions({
      queryKey: vesselKeys.section(vesselId, 'location'),
      queryFn: () => api.get<Location | null>(vesselPath(vesselId, 'location')),
    }),
  /**
   * The track of the last `period` up to now. The key names the period, not its instants, so
   * the loader and the tab share the entry, and the live stream extends it with every position.
   */
  track: (vesselId: number, period: RangePreset) =>
    queryOptions({
      queryKey: [...vesselKeys.section(vesselId, 'locationHistory'), period] as const,
      queryFn: () => api.get<Location[]>(vesselPath(vesselId, 'locationHistory'), { query: { ...presetRange(period, new Date()) } }),
    }),
  geofence: (vesselId: number) =>
    queryOptions({
      queryKey: vesselKeys.section(vesselId, 'geofence'),
      queryFn: () => api.get<Geofence | null>(vesselPath(vesselId, 'geofence')),
    }),
};

export const geofenceActions = {
  save: (vesselId: number, geofence: Pick<Geofence, 'radius' | 'lat' | 'lon' | 'delay'>) => api.post<unknown>(vesselPath(vesselId, 'geofence'), geofence),
  setEnabled: (vesselId: number, enabled: boolean) => api.post<unknown>(vesselPath(vesselId, `geofence/${enabled}`)),
};
