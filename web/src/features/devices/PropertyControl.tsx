import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../i18n';
import { fromSi, round, toSi, unitLabel, type UnitSystem } from '../../lib/units';
import { CommandStatus } from './CommandStatus';
import { allowedValuesOf, controlKind, isOn } from './properties';
import { createSettler } from './settle';
import type { Device, Property } from './types';
import { useCommand } from './useCommand';
import './devices.css';

interface ControlProps {
  vesselId: number;
  device: Device;
  property: Property;
  unitSystem: UnitSystem;
  disabled: boolean;
  /** Set while the vessel is offline: commands wait this long for it instead of being refused. */
  queueForSeconds?: number;
}

/** How long a slider's value must rest before its command is sent. */
export const SLIDER_SETTLE_MS = 400;

/**
 * The writable side of a property: switch, dimmer, shade, set point, a select for enumerations,
 * text or a plain number. While a command is on its way the control is marked busy
 * (aria-disabled) instead of disabled, so keyboard focus stays on it.
 */
export function PropertyControl(props: ControlProps) {
  const { device, property } = props;
  const command = useCommand(props.vesselId, property.id, `${device.name}: ${property.displayName}`);
  const shown = command.pending || command.queued ? command.requestedValue : property.value;
  const disabled = props.disabled;
  const busy = command.pending;
  const kind = controlKind(device, property);
  const send = (value: unknown) => {
    if (!busy) command.send(value, props.queueForSeconds);
  };
  const label = `${device.name} ${property.displayName}`;

  return (
    <div className="control">
      {kind === 'switch' ? (
        <SwitchControl label={label} on={isOn(shown)} disabled={disabled} busy={busy} onToggle={(next) => send(sameType(property.value, next))} />
      ) : kind === 'dimmer' || kind === 'shade' ? (
        <RatioControl kind={kind} label={label} ratio={typeof shown === 'number' ? shown : 0} disabled={disabled} busy={busy} onCommit={send} />
      ) : kind === 'select' ? (
        <SelectControl label={label} value={shown} options={allowedValuesOf(property) ?? []} disabled={disabled} busy={busy} onCommit={send} />
      ) : kind === 'text' ? (
        <TextControl label={label} value={typeof shown === 'string' ? shown : ''} disabled={disabled} busy={busy} onCommit={send} />
      ) : kind === 'setpoint' || kind === 'number' ? (
        <NumberControl
          label={label}
          siValue={typeof shown === 'number' ? shown : null}
          units={property.units}
          path={property.path}
          unitSystem={props.unitSystem}
          stepper={kind === 'setpoint'}
          disabled={disabled}
          busy={busy}
          onCommit={send}
        />
      ) : null}
      <CommandStatus command={command} />
    </div>
  );
}

/** Signal K switches report 1/0; some gateways use booleans. Answer in the same type. */
function sameType(current: unknown, on: boolean): boolean | number {
  return typeof current === 'boolean' ? on : on ? 1 : 0;
}

function SwitchControl({
  label,
  on,
  disabled,
  busy,
  onToggle,
}: {
  label: string;
  on: boolean;
  disabled: boolean;
  busy: boolean;
  onToggle: (on: boolean) => void;
}) {
  const { t } = useTranslation('devices');
  return (
    <button
      type="button"
      role="switch"
      aria-checked={on}
      aria-label={label}
      className={`switch${on ? ' is-on' : ''}`}
      disabled={disabled}
      aria-disabled={busy || undefined}
      aria-busy={busy || undefined}
      onClick={() => onToggle(!on)}
    >
      <span className="switch__thumb" aria-hidden="true" />
      <span className="switch__text">{on ? t('control.on') : t('control.off')}</span>
    </button>
  );
}

function RatioControl({
  kind,
  label,
  ratio,
  disabled,
  busy,
  onCommit,
}: {
  kind: 'dimmer' | 'shade';
  label: string;
  ratio: number;
  disabled: boolean;
  busy: boolean;
  onCommit: (ratio: number) => void;
}) {
  const { t } = useTranslation('devices');
  const [percent, setPercent] = useState(Math.round(ratio * 100));
  const [editing, setEditing] = useState(false);
  const latest = useRef({ ratio, onCommit });
  latest.current = { ratio, onCommit };
  const settler = useRef(
    createSettler<number>(SLIDER_SETTLE_MS, (value) => {
      setEditing(false);
      if (value !== Math.round(latest.current.ratio * 100)) latest.current.onCommit(value / 100);
    }),
  );
  useEffect(() => {
    if (!editing) setPercent(Math.round(ratio * 100));
  }, [ratio, editing]);
  useEffect(() => () => settler.current.cancel(), []);

  return (
    <div className="ratio-control">
      {kind === 'shade' ? (
        <button
          type="button"
          className="button button--small"
          disabled={disabled}
          aria-disabled={busy || undefined}
          onClick={() => onCommit(0)}
          aria-label={t('control.closeLabel', { label })}
        >
          {t('control.close')}
        </button>
      ) : null}
      <input
        type="range"
        min={0}
        max={100}
        step={1}
        value={percent}
        disabled={disabled}
        aria-busy={busy || undefined}
        aria-label={kind === 'shade' ? t('control.position', { label }) : t('control.brightness', { label })}
        aria-valuetext={`${percent} %`}
        onChange={(event) => {
          const value = Number(event.target.value);
          setEditing(true);
          setPercent(value);
          settler.current.push(value);
        }}
        onPointerUp={() => settler.current.flush()}
        onBlur={() => settler.current.flush()}
      />
      <output className="ratio-control__value">{percent} %</output>
      {kind === 'shade' ? (
        <button
          type="button"
          className="button button--small"
          disabled={disabled}
          aria-disabled={busy || undefined}
          onClick={() => onCommit(1)}
          aria-label={t('control.openLabel', { label })}
        >
          {t('control.open')}
        </button>
      ) : null}
    </div>
  );
}

function NumberControl({
  label,
  siValue,
  units,
  path,
  unitSystem,
  stepper,
  disabled,
  busy,
  onCommit,
}: {
  label: string;
  siValue: number | null;
  units: string | null;
  path: string;
  unitSystem: UnitSystem;
  stepper: boolean;
  disabled: boolean;
  busy: boolean;
  onCommit: (siValue: number) => void;
}) {
  const { t } = useTranslation('devices');
  const locale = useLocale();
  const displayed = siValue === null ? null : fromSi(siValue, units, unitSystem, path);
  const [draft, setDraft] = useState(displayed === null ? '' : String(displayed));
  useEffect(() => setDraft(displayed === null ? '' : String(displayed)), [displayed]);
  const unit = unitLabel(units, unitSystem, path);
  const step = stepper ? (unit === '°F' ? 1 : 0.5) : 1;

  const commit = (value: number) => {
    if (Number.isFinite(value)) onCommit(toSi(value, units, unitSystem, path));
  };

  if (stepper) {
    return (
      <div className="stepper" role="group" aria-label={t('control.setPoint', { label })}>
        <button
          type="button"
          className="icon-button"
          disabled={disabled || displayed === null}
          aria-disabled={busy || undefined}
          aria-label={t('control.lower', { label })}
          onClick={() => commit(round((displayed ?? 0) - step, 1))}
        >
          −
        </button>
        <output className="stepper__value">
          {displayed === null ? '—' : `${displayed.toLocaleString(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 })} ${unit}`}
        </output>
        <button
          type="button"
          className="icon-button"
          disabled={disabled || displayed === null}
          aria-disabled={busy || undefined}
          aria-label={t('control.raise', { label })}
          onClick={() => commit(round((displayed ?? 0) + step, 1))}
        >
          +
        </button>
      </div>
    );
  }

  return (
    <form
      className="number-control"
      onSubmit={(event) => {
        event.preventDefault();
        commit(Number(draft));
      }}
    >
      <input
        className="input input--small"
        type="number"
        step="any"
        value={draft}
        disabled={disabled}
        aria-label={`${label} (${unit})`}
        onChange={(event) => setDraft(event.target.value)}
      />
      <span className="muted">{unit}</span>
      <button type="submit" className="button button--small" disabled={disabled || draft === ''} aria-disabled={busy || undefined}>
        {t('control.set')}
      </button>
    </form>
  );
}

function SelectControl({
  label,
  value,
  options,
  disabled,
  busy,
  onCommit,
}: {
  label: string;
  value: unknown;
  options: Array<string | number>;
  disabled: boolean;
  busy: boolean;
  onCommit: (value: string | number) => void;
}) {
  const current = value === null || value === undefined ? '' : String(value);
  return (
    <select
      className="input input--small"
      aria-label={label}
      value={current}
      disabled={disabled}
      aria-busy={busy || undefined}
      onChange={(event) => {
        const chosen = options.find((option) => String(option) === event.target.value);
        if (chosen !== undefined) onCommit(chosen);
      }}
    >
      {current === '' || options.some((option) => String(option) === current) ? null : <option value={current}>{current}</option>}
      {current === '' ? <option value="">—</option> : null}
      {options.map((option) => (
        <option key={String(option)} value={String(option)}>
          {String(option)}
        </option>
      ))}
    </select>
  );
}

function TextControl({
  label,
  value,
  disabled,
  busy,
  onCommit,
}: {
  label: string;
  value: string;
  disabled: boolean;
  busy: boolean;
  onCommit: (value: string) => void;
}) {
  const { t } = useTranslation('devices');
  const [draft, setDraft] = useState(value);
  useEffect(() => setDraft(value), [value]);
  return (
    <form
      className="number-control"
      onSubmit={(event) => {
        event.preventDefault();
        onCommit(draft);
      }}
    >
      <input className="input input--small" value={draft} disabled={disabled} aria-label={label} onChange={(event) => setDraft(event.target.value)} />
      <button type="submit" className="button button--small" disabled={disabled} aria-disabled={busy || undefined}>
        {t('control.set')}
      </button>
    </form>
  );
}
