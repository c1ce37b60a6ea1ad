import { useEffect, useState } from 'react';
import { fromSi, round, toSi, unitLabel, type UnitSystem } from '../../lib/units';
import { CommandStatus } from './CommandStatus';
import { controlKind, isOn } from './properties';
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

/** The writable side of a property: switch, dimmer, shade, set point or a plain number. */
export function PropertyControl(props: ControlProps) {
  const { device, property } = props;
  const command = useCommand(props.vesselId, property.id, `${device.name}: ${property.displayName}`);
  const shown = command.pending || command.queued ? command.requestedValue : property.value;
  const disabled = props.disabled || command.pending;
  const kind = controlKind(device, property);
  const send = (value: unknown) => command.send(value, props.queueForSeconds);
  const label = `${device.name} ${property.displayName}`;

  return (
    <div className="control">
      {kind === 'switch' ? (
        <SwitchControl label={label} on={isOn(shown)} disabled={disabled} onToggle={(next) => send(sameType(property.value, next))} />
      ) : kind === 'dimmer' || kind === 'shade' ? (
        <RatioControl kind={kind} label={label} ratio={typeof shown === 'number' ? shown : 0} disabled={disabled} onCommit={send} />
      ) : kind === 'setpoint' || kind === 'number' ? (
        <NumberControl
          label={label}
          siValue={typeof shown === 'number' ? shown : null}
          units={property.units}
          path={property.path}
          unitSystem={props.unitSystem}
          stepper={kind === 'setpoint'}
          disabled={disabled}
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

function SwitchControl({ label, on, disabled, onToggle }: { label: string; on: boolean; disabled: boolean; onToggle: (on: boolean) => void }) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={on}
      aria-label={label}
      className={`switch${on ? ' is-on' : ''}`}
      disabled={disabled}
      onClick={() => onToggle(!on)}
    >
      <span className="switch__thumb" aria-hidden="true" />
      <span className="switch__text">{on ? 'On' : 'Off'}</span>
    </button>
  );
}

function RatioControl({
  kind,
  label,
  ratio,
  disabled,
  onCommit,
}: {
  kind: 'dimmer' | 'shade';
  label: string;
  ratio: number;
  disabled: boolean;
  onCommit: (ratio: number) => void;
}) {
  const [percent, setPercent] = useState(Math.round(ratio * 100));
  const [editing, setEditing] = useState(false);
  useEffect(() => {
    if (!editing) setPercent(Math.round(ratio * 100));
  }, [ratio, editing]);

  const commit = () => {
    setEditing(false);
    if (percent !== Math.round(ratio * 100)) onCommit(percent / 100);
  };

  return (
    <div className="ratio-control">
      {kind === 'shade' ? (
        <button type="button" className="button button--small" disabled={disabled} onClick={() => onCommit(0)} aria-label={`Close ${label}`}>
          Close
        </button>
      ) : null}
      <input
        type="range"
        min={0}
        max={100}
        step={1}
        value={percent}
        disabled={disabled}
        aria-label={kind === 'shade' ? `${label} position` : `${label} brightness`}
        aria-valuetext={`${percent} %`}
        onChange={(event) => {
          setEditing(true);
          setPercent(Number(event.target.value));
        }}
        onPointerUp={commit}
        onKeyUp={commit}
        onBlur={() => editing && commit()}
      />
      <output className="ratio-control__value">{percent} %</output>
      {kind === 'shade' ? (
        <button type="button" className="button button--small" disabled={disabled} onClick={() => onCommit(1)} aria-label={`Open ${label}`}>
          Open
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
  onCommit,
}: {
  label: string;
  siValue: number | null;
  units: string | null;
  path: string;
  unitSystem: UnitSystem;
  stepper: boolean;
  disabled: boolean;
  onCommit: (siValue: number) => void;
}) {
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
      <div className="stepper" role="group" aria-label={`${label} set point`}>
        <button type="button" className="icon-button" disabled={disabled || displayed === null} aria-label={`Lower ${label}`} onClick={() => commit(round((displayed ?? 0) - step, 1))}>
          −
        </button>
        <output className="stepper__value">{displayed === null ? '—' : `${displayed.toFixed(1)} ${unit}`}</output>
        <button type="button" className="icon-button" disabled={disabled || displayed === null} aria-label={`Raise ${label}`} onClick={() => commit(round((displayed ?? 0) + step, 1))}>
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
      <input className="input input--small" type="number" step="any" value={draft} disabled={disabled} aria-label={`${label} (${unit})`} onChange={(event) => setDraft(event.target.value)} />
      <span className="muted">{unit}</span>
      <button type="submit" className="button button--small" disabled={disabled || draft === ''}>
        Set
      </button>
    </form>
  );
}
