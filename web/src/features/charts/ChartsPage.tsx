import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { formatShort, todayIn, DEFAULT_TIME_ZONE } from '../../lib/dates';
import { failureMessage } from '../../lib/failureMessage';
import { displayUnit } from '../../lib/units';
import { deviceQueries } from '../devices/queries';
import type { Device, Property } from '../devices/types';
import { usePropertyHistory } from '../devices/usePropertyHistory';
import { SelectField } from '../forms/Field';
import { DelayedSpinner } from '../loading/DelayedSpinner';
import { usePreferences } from '../profile/usePreferences';
import { vesselQueries } from '../vessels/queries';
import { chartableProperties, chartDevices } from './chartDevices';
import { LineChart } from './LineChart';
import { CustomRangeForm } from './RangeSelector';
import { vesselChartRange, type CustomRangeFields, type TimeRange } from './timeRange';
import './charts.css';

interface ChartsPageProps {
  vesselId: number | undefined;
  onVessel: (vesselId: number) => void;
}

/** The fleet's chart view (spec 4): pick a vessel, a time range, and one of its engines or generators. */
export function ChartsPage({ vesselId, onVessel }: ChartsPageProps) {
  const vessels = useQuery(vesselQueries.list());
  return (
    <div className="page charts-page">
      <header className="page__header">
        <div>
          <h1>Charts</h1>
          <p className="muted">A vessel&rsquo;s engines and generators over the time you choose.</p>
        </div>
      </header>
      <DelayedSpinner loading={vessels.isPending} label="Loading your vessels…" />
      {vessels.isError ? (
        <p className="form-error" role="alert">
          {failureMessage(vessels.error, 'Your vessels could not be loaded.')}{' '}
          <button type="button" className="link-button" onClick={() => void vessels.refetch()}>
            Try again
          </button>
        </p>
      ) : null}
      {vessels.isSuccess && vessels.data.length === 0 ? <p className="empty-state">You have no vessel yet.</p> : null}
      {vessels.data?.length ? (
        <SelectField
          label="Vessel"
          value={vesselId === undefined ? '' : String(vesselId)}
          placeholder="Choose a vessel"
          options={vessels.data.map((vessel) => ({ value: String(vessel.id), label: vessel.name }))}
          onChange={(event) => {
            if (event.target.value) onVessel(Number(event.target.value));
          }}
        />
      ) : null}
      {/* A new vessel starts afresh: its own range and device, keyed by the route's vessel (spec 4). */}
      {vesselId !== undefined ? <VesselCharts key={vesselId} vesselId={vesselId} /> : null}
    </div>
  );
}

function VesselCharts({ vesselId }: { vesselId: number }) {
  const [initial] = useState(() => vesselChartRange(todayIn(DEFAULT_TIME_ZONE)));
  const [fields, setFields] = useState<CustomRangeFields>(initial.fields);
  const [range, setRange] = useState<TimeRange>(initial.range);
  const devices = useQuery(deviceQueries.list(vesselId));
  const engines = useMemo(() => chartDevices(devices.data ?? []), [devices.data]);
  const [chosen, setChosen] = useState<number | null>(null);
  const device = engines.find((candidate) => candidate.id === chosen) ?? engines[0] ?? null;

  return (
    <>
      <section className="range-selector" aria-label="Time range">
        <CustomRangeForm fields={fields} onFields={setFields} onApply={setRange} />
      </section>
      <DelayedSpinner loading={devices.isPending} label="Loading the devices…" />
      {devices.isError ? (
        <p className="form-error" role="alert">
          {failureMessage(devices.error, "The vessel's devices could not be loaded.")}{' '}
          <button type="button" className="link-button" onClick={() => void devices.refetch()}>
            Try again
          </button>
        </p>
      ) : null}
      {devices.isSuccess && engines.length === 0 ? <p className="empty-state">This vessel reports no engine or generator.</p> : null}
      {engines.length > 0 && device ? (
        <>
          <div className="segmented segmented--wrap" role="group" aria-label="Engine or generator">
            {engines.map((candidate) => (
              <button
                key={candidate.id}
                type="button"
                className={`segmented__item${candidate.id === device.id ? ' is-selected' : ''}`}
                aria-pressed={candidate.id === device.id}
                onClick={() => setChosen(candidate.id)}
              >
                {candidate.name}
              </button>
            ))}
          </div>
          <DeviceCharts vesselId={vesselId} device={device} range={range} />
        </>
      ) : null}
    </>
  );
}

function DeviceCharts({ vesselId, device, range }: { vesselId: number; device: Device; range: TimeRange }) {
  const properties = chartableProperties(device);
  if (properties.length === 0) return <p className="empty-state">{device.name} has no value to chart yet.</p>;
  return (
    <div className="charts-page__grid">
      {properties.map((property) => (
        <PropertyChart key={property.id} vesselId={vesselId} device={device} property={property} range={range} />
      ))}
    </div>
  );
}

function PropertyChart({ vesselId, device, property, range }: { vesselId: number; device: Device; property: Property; range: TimeRange }) {
  const { unitSystem, timeFormat, timeZone } = usePreferences();
  const { chartRef, history, points } = usePropertyHistory(vesselId, property, range);
  const unit = displayUnit(property.units, unitSystem, property.path);
  const spanMs = Date.parse(range.to) - Date.parse(range.from);
  return (
    <section className="card" aria-labelledby={`chart-${property.id}`}>
      <h2 id={`chart-${property.id}`}>{property.displayName}</h2>
      <DelayedSpinner loading={history.isFetching} label={`Loading ${property.displayName}…`} />
      {history.isError ? (
        <p className="form-error" role="alert">
          {failureMessage(history.error, 'The history could not be loaded.')}
        </p>
      ) : null}
      <div ref={chartRef}>
        {history.isSuccess ? (
          <LineChart
            points={points}
            unit={unit.unit}
            decimals={unit.decimals}
            label={`${property.displayName} of ${device.name}`}
            formatTime={(t) => formatShort(t, { timeFormat, timeZone, withDate: spanMs > 36 * 3600_000 })}
          />
        ) : null}
      </div>
    </section>
  );
}
