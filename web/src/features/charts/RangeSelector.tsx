import { useState } from 'react';
import { localTimeZone } from '../../lib/dates';
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
  const [fields, setFields] = useState<CustomRangeFields>(() => emptyCustomRange(new Date().toISOString().slice(0, 10)));
  const [custom, setCustom] = useState(preset === 'CUSTOM');
  const [error, setError] = useState<string | null>(null);
  const set = (field: keyof CustomRangeFields) => (event: { target: { value: string } }) =>
    setFields((current) => ({ ...current, [field]: event.target.value }));
  const zones = Array.from(new Set(['Universal', localTimeZone()]));

  return (
    <div className="range-selector">
      <div className="segmented" role="group" aria-label="Period">
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
          Custom
        </button>
      </div>
      {custom ? (
        <form
          className="range-selector__custom"
          onSubmit={(event) => {
            event.preventDefault();
            const range = customRange(fields);
            if ('error' in range) setError(range.error);
            else {
              setError(null);
              onCustom(range);
            }
          }}
        >
          <fieldset>
            <legend>From</legend>
            <input className="input input--small" type="date" aria-label="From date" value={fields.fromDate} onChange={set('fromDate')} />
            <select className="input input--small" aria-label="From hours" value={fields.fromHours} onChange={set('fromHours')}>
              {HOURS.map((hour) => <option key={hour}>{hour}</option>)}
            </select>
            <select className="input input--small" aria-label="From minutes" value={fields.fromMinutes} onChange={set('fromMinutes')}>
              {MINUTES.map((minute) => <option key={minute}>{minute}</option>)}
            </select>
          </fieldset>
          <fieldset>
            <legend>To</legend>
            <input className="input input--small" type="date" aria-label="To date" value={fields.toDate} onChange={set('toDate')} />
            <select className="input input--small" aria-label="To hours" value={fields.toHours} onChange={set('toHours')}>
              {HOURS.map((hour) => <option key={hour}>{hour}</option>)}
            </select>
            <select className="input input--small" aria-label="To minutes" value={fields.toMinutes} onChange={set('toMinutes')}>
              {MINUTES.map((minute) => <option key={minute}>{minute}</option>)}
            </select>
          </fieldset>
          <label className="range-selector__zone">
            <span>Time zone</span>
            <select className="input input--small" value={fields.timeZone} onChange={set('timeZone')}>
              {zones.map((zone) => <option key={zone}>{zone}</option>)}
            </select>
          </label>
          <button type="submit" className="button button--small button--primary">
            Show
          </button>
          {error ? <p className="field__error" role="alert">{error}</p> : null}
        </form>
      ) : null}
    </div>
  );
}
