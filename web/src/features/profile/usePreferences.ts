import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import { api } from '../../lib/api';
import { formatDate, formatDateTime, formatLocalAndUtc, formatRelative, formatTime, type DateInput } from '../../lib/dates';
import { formatValue, type UnitSystem } from '../../lib/units';
import { useTranslation } from 'react-i18next';
import { session, toast } from '../../app/services';
import { useLocale } from '../../i18n';
import { reportActionFailure } from '../../app/failures';
import { profileKeys, profileQueries } from './queries';
import { DEFAULT_PREFERENCES, type Preferences, type Profile } from './types';

export function usePreferences(): Preferences {
  const signedIn = useSelector(session, (state) => state.hasTag('authenticated'));
  const { data } = useQuery({ ...profileQueries.preferences(), enabled: signedIn });
  return data ?? DEFAULT_PREFERENCES;
}

/** Saves preferences through POST profile/edit, showing the change at once. */
export function useUpdatePreferences() {
  const queryClient = useQueryClient();
  const { t } = useTranslation('profile');
  return useMutation({
    mutationFn: (changes: Partial<Preferences>) => api.post<Profile>('profile/edit', { preferences: changes }),
    onMutate: async (changes) => {
      await queryClient.cancelQueries({ queryKey: profileKeys.preferences });
      const previous = queryClient.getQueryData<Preferences>(profileKeys.preferences);
      const next = { ...DEFAULT_PREFERENCES, ...previous, ...changes };
      queryClient.setQueryData(profileKeys.preferences, next);
      return { previous, next };
    },
    onSuccess: () => {
      toast.success(t('preferences.saved'));
    },
    onError: (error, _changes, context) => {
      if (context?.previous) queryClient.setQueryData(profileKeys.preferences, context.previous);
      reportActionFailure(t('preferences.saving'), error);
    },
  });
}

/**
 * Values and times formatted the way the signed-in user asked for: their unit system, clock and
 * zone, written in their language's locale (the one place the web app's formatting meets the
 * language; docs/i18n.md).
 */
export function useFormatters() {
  const preferences = usePreferences();
  const locale = useLocale();
  const { t } = useTranslation('common');
  const { unitSystem, timeFormat, timeZone } = preferences;
  const words = { locale, on: t('value.on'), off: t('value.off') };
  return {
    unitSystem: unitSystem as UnitSystem,
    locale,
    value: (value: unknown, units: string | null | undefined, path = '') => formatValue(value, units, unitSystem, path, words),
    number: (value: number, maximumFractionDigits = 1) => value.toLocaleString(locale, { maximumFractionDigits }),
    dateTime: (input: DateInput, withZone = true) => formatDateTime(input, { timeFormat, timeZone, withZone, locale }),
    date: (input: DateInput) => formatDate(input, { timeZone, locale }),
    time: (input: DateInput) => formatTime(input, { timeFormat, timeZone, locale }),
    localAndUtc: (input: DateInput) => formatLocalAndUtc(input, { timeFormat, localZone: timeZone, locale }),
    relative: (input: DateInput, now?: Date) => formatRelative(input, now, locale),
  };
}
