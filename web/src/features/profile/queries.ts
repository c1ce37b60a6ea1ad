import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { DEFAULT_PREFERENCES, type NavigationItem, type Preferences, type Profile, type ProfileEdit } from './types';

export const profileKeys = {
  all: ['profile'] as const,
  details: ['profile', 'details'] as const,
  preferences: ['profile', 'preferences'] as const,
  navigation: ['profile', 'navigation'] as const,
};

export const profileQueries = {
  details: () =>
    queryOptions({
      queryKey: profileKeys.details,
      queryFn: () => api.get<Profile>('profile/details'),
    }),
  preferences: () =>
    queryOptions({
      queryKey: profileKeys.preferences,
      queryFn: async () => ({ ...DEFAULT_PREFERENCES, ...(await api.get<Partial<Preferences>>('profile/preferences')) }),
    }),
  navigation: () =>
    queryOptions({
      queryKey: profileKeys.navigation,
      queryFn: async () => [...(await api.get<NavigationItem[]>('profile/navigation'))].sort((a, b) => a.menuOrder - b.menuOrder),
    }),
};

export const profileActions = {
  edit: (changes: ProfileEdit) => api.post<Profile>('profile/edit', changes),
  changePassword: (currentPassword: string, newPassword: string) => api.post<unknown>('profile/changePassword', { currentPassword, newPassword }),
  uploadImage: (file: File) => {
    const form = new FormData();
    form.append('file', file);
    return api.post<{ imageUrl: string }>('profile/profileImage', form);
  },
  /** The first step of deleting the profile: a code is e-mailed. */
  requestDeletion: (userId: number) => api.post<unknown>('profile/delete', { userId }),
  confirmDeletion: (code: string) => api.post<unknown>('profile/confirmDelete', undefined, { query: { code } }),
};
