import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';
import type { Organisation } from './types';

export const organisationQueries = {
  mine: () =>
    queryOptions({
      queryKey: ['organisation'] as const,
      queryFn: () => api.get<Organisation>('org/myOrganisation'),
    }),
};
