import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';
import type { SessionUser } from './types';

export const sessionKeys = {
  user: ['session', 'user'] as const,
};

export const sessionQueries = {
  /** The signed-in user (POST auth/checkSession); the session machine's check fills it. */
  user: () =>
    queryOptions({
      queryKey: sessionKeys.user,
      queryFn: () => api.post<SessionUser>('auth/checkSession'),
      staleTime: Infinity,
    }),
};
