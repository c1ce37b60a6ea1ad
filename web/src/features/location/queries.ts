import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { vesselKeys, vesselPath } from '../vessels/queries';
import { presetRange, type RangePreset } from '../charts/timeRange';
import { SIMPLE_DEVICE_DEDUPE_MS } from '../devices/queries';
import type { Geofence, GeofenceNotifySetting, GeofenceRoute, Location, SimpleDeviceLocation, SimpleDeviceSettings } from './types';

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
  geofenceRoute: (vesselId: number) =>
    queryOptions({
      queryKey: vesselKeys.section(vesselId, 'geofenceRoute'),
      queryFn: () => api.get<GeofenceRoute>(vesselPath(vesselId, 'geofenceRoute')),
    }),
  geofenceNotify: (vesselId: number) =>
    queryOptions({
      queryKey: vesselKeys.section(vesselId, 'geofenceNotify'),
      queryFn: () => api.get<GeofenceNotifySetting[]>(vesselPath(vesselId, 'geofenceNotify/permissions')),
    }),
  /** The owner's devices shown on the map (their location switch on) and all of them with their switches; under simpleDevices so a change there refreshes them. */
  deviceLocations: (vesselId: number) =>
    queryOptions({
      queryKey: [...vesselKeys.section(vesselId, 'simpleDevices'), 'locations'] as const,
      queryFn: () => api.get<SimpleDeviceLocation[]>('simpleDevices/locations', { query: { vesselId } }),
      staleTime: SIMPLE_DEVICE_DEDUPE_MS,
    }),
  deviceSettings: (vesselId: number) =>
    queryOptions({
      queryKey: [...vesselKeys.section(vesselId, 'simpleDevices'), 'settings'] as const,
      queryFn: () => api.get<SimpleDeviceSettings[]>('simpleDevices/settings', { query: { vesselId } }),
      staleTime: SIMPLE_DEVICE_DEDUPE_MS,
    }),
};

export const geofenceActions = {
  save: (vesselId: number, geofence: Pick<Geofence, 'radius' | 'lat' | 'lon' | 'delay'>) => api.post<unknown>(vesselPath(vesselId, 'geofence'), geofence),
  setEnabled: (vesselId: number, enabled: boolean) => api.post<unknown>(vesselPath(vesselId, `geofence/${enabled}`)),
  setNotify: (vesselId: number, userId: number, enabled: boolean) => api.post<unknown>(vesselPath(vesselId, `geofenceNotify/${userId}/${enabled}`)),
};
