import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { displayDateToIso, isoDateToDisplay, localTimeZone, todayIn } from '../../lib/dates';
import { usePreferences } from '../profile/usePreferences';
import { customRange, emptyCustomRange, RANGE_PRESETS, type CustomRangeFields, type RangePreset, type TimeRange } from './timeRange';
import './charts.css';

const HOURS = Array.from({ length: 24 }, (_, hour) => String(hour).padStart(2, '0'));
const MINUTES = Array.from({ length: 12 }, (_, step) => String(step * 5).padStart(2, '0')).concat('59');

interface RangeSelectorProps {
  preset: RangePreset | 'CUSTOM';
  onPreset: (preset: RangePreset) => void;
  onCustom: (range: TimeRange) => void;
}

/** Preset periods, or from/to dates with hours and minutes in a chosen zone (spec 3). */
export function RangeSelector({ preset, onPreset, onCustom }: RangeSelectorProps) {
  const { t } = useTranslation('charts');
  const { timeZone } = usePreferences();
  // The date fields hold what the user typed, in the app's date format (DD/MM/YYYY), in their own zone.
  const [fields, setFields] = useState<CustomRangeFields>(() => {
    const today = todayIn(timeZone);
    return { ...emptyCustomRange(isoDateToDisplay(today)), timeZone };
  });
  const [custom, setCustom] = useState(preset === 'CUSTOM');

  return (
    <div className="range-selector">
      <div className="segmented" role="group" aria-label={t('range.period')}>
        {(Object.keys(RANGE_PRESETS) as RangePreset[]).map((key) => (
          <button
            key={key}
            type="button"
            className={`segmented__item${!custom && preset === key ? ' is-selected' : ''}`}
            aria-pressed={!custom && preset === key}
            onClick={() => {
              setCustom(false);
              onPreset(key);
            }}
          >
            {RANGE_PRESETS[key].label}
          </button>
        ))}
        <button type="button" className={`segmented__item${custom ? ' is-selected' : ''}`} aria-pressed={custom} onClick={() => setCustom(true)}>
          {t('range.custom')}
        </button>
      </div>
      {custom ? <CustomRangeForm fields={fields} onFields={setFields} onApply={onCustom} /> : null}
    </div>
  );
}

interface CustomRangeFormProps {
  fields: CustomRangeFields;
  onFields: (fields: CustomRangeFields) => void;
  onApply: (range: TimeRange) => void;
}

/** The time-range selector of spec 3: from and to as DD/MM/YYYY dates with hours and minutes, in a chosen zone. */
export function CustomRangeForm({ fields, onFields, onApply }: CustomRangeFormProps) {
  const { t } = useTranslation('charts');
  const { timeZone } = usePreferences();
  const [error, setError] = useState<string | null>(null);
  const set = (field: keyof CustomRangeFields) => (event: { target: { value: string } }) => onFields({ ...fields, [field]: event.target.value });
  const zones = Array.from(new Set([fields.timeZone, 'Universal', timeZone, localTimeZone()]));
  return (
    <form
      className="range-selector__custom"
      onSubmit={(event) => {
        event.preventDefault();
        const fromDate = displayDateToIso(fields.fromDate);
        const toDate = displayDateToIso(fields.toDate);
        if (!fromDate || !toDate) {
          setError(t('range.datesFormat'));
          return;
        }
        const range = customRange({ ...fields, fromDate, toDate });
        if ('error' in range) setError(range.error);
        else {
          setError(null);
          onApply(range);
        }
      }}
    >
      <DateTimeFieldset end="from" fields={fields} set={set} />
      <DateTimeFieldset end="to" fields={fields} set={set} />
      <label className="range-selector__zone">
        <span>{t('range.timeZone')}</span>
        <select className="input input--small" value={fields.timeZone} onChange={set('timeZone')}>
          {zones.map((zone) => (
            <option key={zone}>{zone}</option>
          ))}
        </select>
      </label>
      <button type="submit" className="button button--small button--primary">
        {t('range.show')}
      </button>
      {error ? (
        <p className="field__error" role="alert">
          {error}
        </p>
      ) : null}
    </form>
  );
}

type Setter = (field: keyof CustomRangeFields) => (event: { target: { value: string } }) => void;

/** One end of a custom range: a DD/MM/YYYY date, hours and minutes. */
function DateTimeFieldset({ end, fields, set }: { end: 'from' | 'to'; fields: CustomRangeFields; set: Setter }) {
  const { t } = useTranslation('charts');
  const from = end === 'from';
  return (
    <fieldset>
      <legend>{from ? t('range.from') : t('range.to')}</legend>
      <input
        className="input input--small range-selector__date"
        inputMode="numeric"
        placeholder={t('range.datePlaceholder')}
        aria-label={from ? t('range.fromDate') : t('range.toDate')}
        value={fields[`${end}Date`]}
        onChange={set(`${end}Date`)}
      />
      <select
        className="input input--small"
        aria-label={from ? t('range.fromHours') : t('range.toHours')}
        value={fields[`${end}Hours`]}
        onChange={set(`${end}Hours`)}
      >
        {HOURS.map((hour) => (
          <option key={hour}>{hour}</option>
        ))}
      </select>
      <select
        className="input input--small"
        aria-label={from ? t('range.fromMinutes') : t('range.toMinutes')}
        value={fields[`${end}Minutes`]}
        onChange={set(`${end}Minutes`)}
      >
        {MINUTES.map((minute) => (
          <option key={minute}>{minute}</option>
        ))}
      </select>
    </fieldset>
  );
}
