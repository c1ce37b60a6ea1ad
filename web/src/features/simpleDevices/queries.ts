import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { SIMPLE_DEVICE_DEDUPE_MS } from '../devices/queries';
import { vesselKeys } from '../vessels/queries';
import type { DeviceDetails, Gauge, SimpleDevice, SimpleDeviceField, SimpleDeviceTemplate } from './types';

/** Identical reads within 9 s come from the cache (spec 7); a change refreshes them at once. */
export const simpleDeviceQueries = {
  list: (vesselId: number) =>
    queryOptions({
      queryKey: vesselKeys.section(vesselId, 'simpleDevices'),
      queryFn: () => api.get<SimpleDevice[]>('simpleDevices', { query: { vesselId } }),
      staleTime: SIMPLE_DEVICE_DEDUPE_MS,
    }),
  dashboard: (vesselId: number) =>
    queryOptions({
      queryKey: [...vesselKeys.section(vesselId, 'simpleDevices'), 'dashboard'] as const,
      queryFn: () => api.get<Gauge[]>(`simpleDevices/dashboard/${encodeURIComponent(vesselId)}`),
      staleTime: SIMPLE_DEVICE_DEDUPE_MS,
    }),
  /** Makers of on-board devices (NMEA 2000's list), suggested in the device details form; they never change while the app runs. */
  manufacturers: () =>
    queryOptions({
      queryKey: ['company', 'deviceManufacturers'] as const,
      queryFn: () => api.get<Array<{ code: number; name: string }>>('company/deviceManufacturers'),
      staleTime: Infinity,
    }),
  templates: () =>
    queryOptions({
      queryKey: ['simpleDevices', 'templates'] as const,
      queryFn: () => api.get<SimpleDeviceTemplate[]>('simpleDevices/templates'),
      staleTime: SIMPLE_DEVICE_DEDUPE_MS,
    }),
};

export const simpleDeviceActions = {
  create: (vesselId: number, type: string, name: string) => api.post<SimpleDevice>('simpleDevices', { vesselId, type, name }),
  update: (id: number, details: DeviceDetails) => api.put<SimpleDevice>(`simpleDevices/${encodeURIComponent(id)}`, details),
  remove: (id: number) => api.delete<unknown>(`simpleDevices/${encodeURIComponent(id)}`),
  map: (fieldId: number, propertyId: number) => api.post<SimpleDeviceField>('simpleDevices/mapSimpleDeviceField', { fieldId, propertyId }),
  unmap: (fieldId: number) => api.post<SimpleDeviceField>('simpleDevices/unmapSimpleDeviceField', { fieldId }),
  order: (deviceId: number, fieldIds: number[]) => api.post<SimpleDevice>('simpleDevices/setFieldOrder', { deviceId, fieldIds }),
  includeInGauges: (fieldId: number, include: boolean) => api.post<SimpleDeviceField>('simpleDevices/setIncludeInGauges', { fieldId, include }),
  setLocation: (id: number, on: boolean) => api.post<SimpleDevice>(`simpleDevices/${encodeURIComponent(id)}/location/${on ? 'on' : 'off'}`),
  setPosition: (id: number, lat: number, lon: number) => api.post<SimpleDevice>(`simpleDevices/${encodeURIComponent(id)}/position`, { lat, lon }),
};
