import { queryOptions } from '@tanstack/react-query';
import type { Weather } from '../../../../contracts/vessels';
import { api } from '../../lib/api';
import { vesselKeys } from '../vessels/queries';

/** A position rounded as the server caches it, so that a drifting boat keeps one cache entry. */
const rounded = (degrees: number) => Math.round(degrees * 100) / 100;

export const weatherQueries = {
  /** The weather where the vessel is; the server falls back to the vessel's sensors. */
  atVessel: (vesselId: number, lat: number, lon: number) =>
    queryOptions({
      queryKey: [...vesselKeys.section(vesselId, 'weather'), rounded(lat), rounded(lon)] as const,
      queryFn: () => api.get<Weather>('weather', { query: { lat: rounded(lat), lon: rounded(lon), vesselId } }),
      staleTime: 10 * 60_000,
    }),
};
