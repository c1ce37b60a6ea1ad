import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSelector } from '@xstate/react';
import { session } from '../../app/services';
import { localTimeZone } from '../../lib/dates';
import { useDelayedIndicator } from '../loading/DelayedSpinner';
import { theme, useTheme } from '../theme/theme';
import { profileQueries } from './queries';
import { DEFAULT_PREFERENCES, type Preferences } from './types';
import { useUpdatePreferences } from './usePreferences';

/** Every IANA zone the browser knows, Universal (UTC, the default) first; a short list where the browser cannot tell. */
function allTimeZones(): string[] {
  const supported =
    typeof Intl.supportedValuesOf === 'function'
      ? Intl.supportedValuesOf('timeZone')
      : ['Europe/London', 'Europe/Paris', 'America/New_York', 'Asia/Tokyo', 'Australia/Sydney'];
  return ['Universal', ...supported.filter((zone) => zone !== 'Universal')];
}

/** The zones whose name contains every word of the search; the chosen zone always stays listed. */
export function matchingZones(zones: string[], search: string, chosen: string): string[] {
  const words = search.toLowerCase().replace(/[_/]/g, ' ').split(/\s+/).filter(Boolean);
  const matches = zones.filter((zone) => {
    const name = zone.toLowerCase().replace(/[_/]/g, ' ');
    return words.every((word) => name.includes(word));
  });
  return matches.includes(chosen) ? matches : [chosen, ...matches];
}

function Choice<T extends string>({
  legend,
  name,
  value,
  options,
  onChange,
  disabled,
}: {
  legend: string;
  name: string;
  value: T;
  options: Array<{ value: T; label: string }>;
  onChange: (value: T) => void;
  disabled?: boolean;
}) {
  return (
    <fieldset className="choice">
      <legend>{legend}</legend>
      {options.map((option) => (
        <label key={option.value} className="choice__option">
          <input type="radio" name={name} value={option.value} checked={value === option.value} disabled={disabled} onChange={() => onChange(option.value)} />
          {option.label}
        </label>
      ))}
    </fieldset>
  );
}

export function PreferencesForm() {
  const { t } = useTranslation('profile');
  const signedIn = useSelector(session, (state) => state.hasTag('authenticated'));
  const preferencesQuery = useQuery({ ...profileQueries.preferences(), enabled: signedIn });
  const update = useUpdatePreferences();
  const currentTheme = useTheme();
  // The settings loading indicator: only after 1 s, then held at least 1 s (spec 4).
  const showIndicator = useDelayedIndicator(preferencesQuery.isFetching || update.isPending);
  const preferences: Preferences = preferencesQuery.data ?? DEFAULT_PREFERENCES;
  const [zoneSearch, setZoneSearch] = useState('');
  const zones = matchingZones(Array.from(new Set([...allTimeZones(), localTimeZone()])), zoneSearch, preferences.timeZone);
  const save = (changes: Partial<Preferences>) => update.mutate(changes);

  return (
    <form className="card form preferences" aria-labelledby="preferences-title" aria-busy={showIndicator} onSubmit={(event) => event.preventDefault()}>
      <h2 id="preferences-title">{t('preferences.title')}</h2>
      {showIndicator ? (
        <p className="inline-loading" role="status">
          <span className="spinner spinner--small" aria-hidden="true" /> {t('preferences.loading')}
        </p>
      ) : null}
      {preferencesQuery.isError ? (
        <p className="form-error" role="alert">
          {t('preferences.loadFailed')}
        </p>
      ) : null}
      <Choice
        legend={t('preferences.units')}
        name="unitSystem"
        value={preferences.unitSystem}
        onChange={(unitSystem) => save({ unitSystem })}
        options={[
          { value: 'metric', label: t('preferences.metric') },
          { value: 'imperial', label: t('preferences.imperial') },
        ]}
      />
      <p className="field__hint">{t('preferences.knots')}</p>
      <Choice
        legend={t('preferences.theme')}
        name="theme"
        value={preferences.theme ?? 'device'}
        onChange={(next) => {
          if (next === 'device') theme.followDevice();
          else theme.set(next);
          save({ theme: next === 'device' ? null : next });
        }}
        options={[
          { value: 'light', label: t('preferences.light') },
          { value: 'dark', label: t('preferences.dark') },
          { value: 'device', label: t('preferences.device') },
        ]}
      />
      <p className="field__hint">{t('preferences.themeHint', { current: t(`preferences.current.${currentTheme}`) })}</p>
      <Choice
        legend={t('preferences.clock')}
        name="timeFormat"
        value={preferences.timeFormat}
        onChange={(timeFormat) => save({ timeFormat })}
        options={[
          { value: '24h', label: t('preferences.h24') },
          { value: '12h', label: t('preferences.h12') },
        ]}
      />
      <div className="field">
        <label htmlFor="time-zone-search" className="field__label">
          {t('preferences.findZone')}
        </label>
        <input
          id="time-zone-search"
          className="input"
          type="search"
          value={zoneSearch}
          onChange={(event) => setZoneSearch(event.target.value)}
          placeholder={t('preferences.findZonePlaceholder')}
          aria-controls="time-zone"
        />
      </div>
      <div className="field">
        <label htmlFor="time-zone" className="field__label">
          {t('preferences.zone', { count: zones.length })}
        </label>
        <select id="time-zone" className="input" value={preferences.timeZone} onChange={(event) => save({ timeZone: event.target.value })}>
          {zones.map((zone) => (
            <option key={zone} value={zone}>
              {zone === 'Universal' ? t('preferences.universal') : zone}
            </option>
          ))}
        </select>
      </div>
    </form>
  );
}
