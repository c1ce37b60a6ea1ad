import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { vesselKeys, vesselPath } from '../vessels/queries';
import type { IssuedToken, VesselInterface } from './types';

export const interfaceQueries = {
  list: (vesselId: number) =>
    queryOptions({
      queryKey: vesselKeys.section(vesselId, 'interfaces'),
      queryFn: () => api.get<VesselInterface[]>(vesselPath(vesselId, 'interfaces')),
    }),
};

export const interfaceActions = {
  create: (vesselId: number, name: string) => api.post<VesselInterface & IssuedToken>(vesselPath(vesselId, 'interfaces/new'), { name }),
  rename: (vesselId: number, id: number, name: string) => api.put<VesselInterface>(vesselPath(vesselId, `interfaces/${id}`), { name }),
  remove: (vesselId: number, id: number) => api.delete<unknown>(vesselPath(vesselId, `interfaces/${id}`)),
  rotate: (id: number) => api.get<IssuedToken>(`interfaces/${encodeURIComponent(id)}/token`),
};
