import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { formatShort } from '../../lib/dates';
import { displayUnit, fromSi } from '../../lib/units';
import { LineChart } from '../charts/LineChart';
import { RangeSelector } from '../charts/RangeSelector';
import { presetRange, type RangePreset, type TimeRange } from '../charts/timeRange';
import { DelayedSpinner } from '../loading/DelayedSpinner';
import { Modal } from '../modal/Modal';
import { usePreferences } from '../profile/usePreferences';
import { deviceQueries } from './queries';
import type { Device, Property } from './types';

interface Props {
  vesselId: number;
  device: Device;
  property: Property;
  onClose: () => void;
}

/** A property's history as a chart (GET /api/simpleDevices/values). */
export function PropertyHistoryModal({ vesselId, device, property, onClose }: Props) {
  const [open, setOpen] = useState(true);
  const [preset, setPreset] = useState<RangePreset | 'CUSTOM'>('24H');
  const [range, setRange] = useState<TimeRange>(() => presetRange('24H', new Date()));
  const { unitSystem, timeFormat, timeZone } = usePreferences();
  const history = useQuery(deviceQueries.history(vesselId, property.id, range.from, range.to));
  const unit = displayUnit(property.units, unitSystem, property.path);

  const points = useMemo(
    () =>
      (history.data ?? []).map((point) => ({
        t: Date.parse(point.timestamp),
        v: typeof point.value === 'number' ? fromSi(point.value, property.units, unitSystem, property.path) : null,
      })),
    [history.data, property.units, property.path, unitSystem],
  );
  const spanMs = Date.parse(range.to) - Date.parse(range.from);

  return (
    <Modal open={open} title={`${device.name}: ${property.displayName}`} onClose={onClose}>
      <RangeSelector
        preset={preset}
        onPreset={(next) => {
          setPreset(next);
          setRange(presetRange(next, new Date()));
        }}
        onCustom={(next) => {
          setPreset('CUSTOM');
          setRange(next);
        }}
      />
      <DelayedSpinner loading={history.isFetching} label="Loading history…" />
      {history.isError ? (
        <p className="form-error" role="alert">
          The history could not be loaded.
        </p>
      ) : history.isSuccess ? (
        <LineChart
          points={points}
          unit={unit.unit}
          decimals={unit.decimals}
          label={`${property.displayName} of ${device.name}`}
          formatTime={(t) => formatShort(t, { timeFormat, timeZone, withDate: spanMs > 36 * 3600_000 })}
        />
      ) : null}
      <div className="modal__footer">
        <button type="button" className="button" onClick={() => setOpen(false)}>
          Close
        </button>
      </div>
    </Modal>
  );
}
