import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { vesselPath } from './queries';
import type { Vessel } from './types';

export interface Manufacturer {
  id: number;
  name: string;
}

export interface VesselModel {
  id: number;
  name: string;
  manufacturerId: number;
  lengthM?: number | null;
}

export const catalogueQueries = {
  manufacturers: () =>
    queryOptions({
      queryKey: ['catalogue', 'manufacturers'] as const,
      queryFn: () => api.get<Manufacturer[]>('company/manufacturers'),
      staleTime: Infinity,
    }),
  models: (manufacturerId: number) =>
    queryOptions({
      queryKey: ['catalogue', 'manufacturers', manufacturerId, 'models'] as const,
      queryFn: () => api.get<VesselModel[]>(`company/manufacturers/${encodeURIComponent(manufacturerId)}/models`),
      staleTime: Infinity,
    }),
};

export interface NewVessel {
  name: string;
  modelId: number | null;
  groupName: string | null;
  image: File | null;
}

export const lifecycleActions = {
  create: (vessel: NewVessel) => {
    const form = new FormData();
    form.append('name', vessel.name);
    if (vessel.modelId !== null) form.append('modelId', String(vessel.modelId));
    if (vessel.groupName) form.append('groupName', vessel.groupName);
    if (vessel.image) form.append('file', vessel.image);
    return api.post<Vessel>('vessel/createWithImage', form);
  },
  setImage: (vesselId: number, file: File) => {
    const form = new FormData();
    form.append('file', file);
    return api.post<unknown>(vesselPath(vesselId, 'vesselImage'), form);
  },
  requestUnlink: (vesselId: number) => api.post<unknown>(vesselPath(vesselId, 'unlinkClient')),
  /** Answers the unpaired bridge with its fresh pairing code: the one printed on it no longer works. */
  completeUnlink: (vesselId: number, code: string) =>
    api.post<{ unlinked: true; bridge: { serial: string; pairingCode: string } | null }>(vesselPath(vesselId, 'completeClientUnlink'), undefined, {
      query: { code },
    }),
  requestDelete: (vesselId: number) => api.post<unknown>('vessel/delete', undefined, { query: { vesselId } }),
  confirmDelete: (code: string) => api.post<unknown>('vessel/confirmDelete', undefined, { query: { code } }),
};

/** The fleet in groups: named groups alphabetically, vessels without a group last. */
export function groupVessels<T extends { name: string; groupName: string | null }>(vessels: T[]): Array<{ group: string | null; vessels: T[] }> {
  const groups = new Map<string | null, T[]>();
  for (const vessel of vessels) {
    const key = vessel.groupName?.trim() || null;
    groups.set(key, [...(groups.get(key) ?? []), vessel]);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => (a === null ? 1 : b === null ? -1 : a.localeCompare(b)))
    .map(([group, members]) => ({ group, vessels: [...members].sort((a, b) => a.name.localeCompare(b.name)) }));
}
