import { useQuery } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import { session } from '../../app/services';
import { localTimeZone } from '../../lib/dates';
import { useDelayedIndicator } from '../loading/DelayedSpinner';
import { theme, useTheme } from '../theme/theme';
import { profileQueries } from './queries';
import { DEFAULT_PREFERENCES, type Preferences } from './types';
import { useUpdatePreferences } from './usePreferences';

const TIME_ZONES = ['Universal', 'Europe/London', 'Europe/Paris', 'Europe/Athens', 'America/New_York', 'America/Los_Angeles', 'Asia/Dubai', 'Australia/Sydney'];

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
  const signedIn = useSelector(session, (state) => state.hasTag('authenticated'));
  const preferencesQuery = useQuery({ ...profileQueries.preferences(), enabled: signedIn });
  const update = useUpdatePreferences();
  const currentTheme = useTheme();
  // The settings loading indicator: only after 1 s, then held at least 1 s (spec 4).
  const showIndicator = useDelayedIndicator(preferencesQuery.isFetching || update.isPending);
  const preferences: Preferences = preferencesQuery.data ?? DEFAULT_PREFERENCES;
  const zones = Array.from(new Set([...TIME_ZONES, localTimeZone(), preferences.timeZone]));
  const save = (changes: Partial<Preferences>) => update.mutate(changes);

  return (
    <form className="card form preferences" aria-labelledby="preferences-title" aria-busy={showIndicator} onSubmit={(event) => event.preventDefault()}>
      <h2 id="preferences-title">Preferences</h2>
      {showIndicator ? (
        <p className="inline-loading" role="status">
          <span className="spinner spinner--small" aria-hidden="true" /> Loading settings…
        </p>
      ) : null}
      {preferencesQuery.isError ? <p className="form-error" role="alert">Your preferences could not be loaded.</p> : null}
      <Choice
        legend="Units"
        name="unitSystem"
        value={preferences.unitSystem}
        onChange={(unitSystem) => save({ unitSystem })}
        options={[
          { value: 'metric', label: 'Metric (°C, L, bar, m)' },
          { value: 'imperial', label: 'Imperial (°F, gal, psi, ft)' },
        ]}
      />
      <p className="field__hint">Speeds are shown in knots in both systems.</p>
      <Choice
        legend="Theme"
        name="theme"
        value={currentTheme}
        onChange={(next) => {
          theme.set(next);
          save({ theme: next });
        }}
        options={[
          { value: 'light', label: 'Light' },
          { value: 'dark', label: 'Dark' },
        ]}
      />
      <Choice
        legend="Clock"
        name="timeFormat"
        value={preferences.timeFormat}
        onChange={(timeFormat) => save({ timeFormat })}
        options={[
          { value: '24h', label: '24-hour' },
          { value: '12h', label: '12-hour' },
        ]}
      />
      <div className="field">
        <label htmlFor="time-zone" className="field__label">
          Time zone for dates and times
        </label>
        <select id="time-zone" className="input" value={preferences.timeZone} onChange={(event) => save({ timeZone: event.target.value })}>
          {zones.map((zone) => (
            <option key={zone} value={zone}>
              {zone === 'Universal' ? 'Universal (UTC)' : zone}
            </option>
          ))}
        </select>
      </div>
    </form>
  );
}
