import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';
import type { CodeAndName } from '../profile/types';

export const utilityQueries = {
  countries: () =>
    queryOptions({
      queryKey: ['utility', 'countries'] as const,
      queryFn: () => api.get<CodeAndName[]>('utility/countries'),
      staleTime: Infinity,
    }),
  languages: () =>
    queryOptions({
      queryKey: ['utility', 'languages'] as const,
      queryFn: () => api.get<CodeAndName[]>('utility/languages'),
      staleTime: Infinity,
    }),
  version: () =>
    queryOptions({
      queryKey: ['utility', 'version'] as const,
      queryFn: () => api.get<{ ui: string; server: string }>('utility/version'),
      staleTime: Infinity,
    }),
};
