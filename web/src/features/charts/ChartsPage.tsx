import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../i18n';
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
  const { t } = useTranslation('charts');
  const vessels = useQuery(vesselQueries.list());
  return (
    <div className="page charts-page">
      <header className="page__header">
        <div>
          <h1>{t('page.title')}</h1>
          <p className="muted">{t('page.intro')}</p>
        </div>
      </header>
      <DelayedSpinner loading={vessels.isPending} label={t('page.loadingVessels')} />
      {vessels.isError ? (
        <p className="form-error" role="alert">
          {failureMessage(vessels.error, t('page.vesselsFailed'))}{' '}
          <button type="button" className="link-button" onClick={() => void vessels.refetch()}>
            {t('page.tryAgain')}
          </button>
        </p>
      ) : null}
      {vessels.isSuccess && vessels.data.length === 0 ? <p className="empty-state">{t('page.noVessel')}</p> : null}
      {vessels.data?.length ? (
        <SelectField
          label={t('page.vessel')}
          value={vesselId === undefined ? '' : String(vesselId)}
          placeholder={t('page.chooseVessel')}
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
  const { t } = useTranslation('charts');
  const [initial] = useState(() => vesselChartRange(todayIn(DEFAULT_TIME_ZONE)));
  const [fields, setFields] = useState<CustomRangeFields>(initial.fields);
  const [range, setRange] = useState<TimeRange>(initial.range);
  const devices = useQuery(deviceQueries.list(vesselId));
  const engines = useMemo(() => chartDevices(devices.data ?? []), [devices.data]);
  const [chosen, setChosen] = useState<number | null>(null);
  const device = engines.find((candidate) => candidate.id === chosen) ?? engines[0] ?? null;

  return (
    <>
      <section className="range-selector" aria-label={t('page.timeRange')}>
        <CustomRangeForm fields={fields} onFields={setFields} onApply={setRange} />
      </section>
      <DelayedSpinner loading={devices.isPending} label={t('page.loadingDevices')} />
      {devices.isError ? (
        <p className="form-error" role="alert">
          {failureMessage(devices.error, t('page.devicesFailed'))}{' '}
          <button type="button" className="link-button" onClick={() => void devices.refetch()}>
            {t('page.tryAgain')}
          </button>
        </p>
      ) : null}
      {devices.isSuccess && engines.length === 0 ? <p className="empty-state">{t('page.noEngine')}</p> : null}
      {engines.length > 0 && device ? (
        <>
          <div className="segmented segmented--wrap" role="group" aria-label={t('page.engineOrGenerator')}>
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
  const { t } = useTranslation('charts');
  const properties = chartableProperties(device);
  if (properties.length === 0) return <p className="empty-state">{t('page.nothingToChart', { device: device.name })}</p>;
  return (
    <div className="charts-page__grid">
      {properties.map((property) => (
        <PropertyChart key={property.id} vesselId={vesselId} device={device} property={property} range={range} />
      ))}
    </div>
  );
}

function PropertyChart({ vesselId, device, property, range }: { vesselId: number; device: Device; property: Property; range: TimeRange }) {
  const { t } = useTranslation('charts');
  const { unitSystem, timeFormat, timeZone } = usePreferences();
  const locale = useLocale();
  const { chartRef, history, points } = usePropertyHistory(vesselId, property, range);
  const unit = displayUnit(property.units, unitSystem, property.path);
  const spanMs = Date.parse(range.to) - Date.parse(range.from);
  return (
    <section className="card" aria-labelledby={`chart-${property.id}`}>
      <h2 id={`chart-${property.id}`}>{property.displayName}</h2>
      <DelayedSpinner loading={history.isFetching} label={t('page.loadingProperty', { property: property.displayName })} />
      {history.isError ? (
        <p className="form-error" role="alert">
          {failureMessage(history.error, t('page.historyFailed'))}
        </p>
      ) : null}
      <div ref={chartRef}>
        {history.isSuccess ? (
          <LineChart
            points={points}
            unit={unit.unit}
            decimals={unit.decimals}
            label={t('page.chartLabel', { property: property.displayName, device: device.name })}
            formatTime={(time) => formatShort(time, { timeFormat, timeZone, locale, withDate: spanMs > 36 * 3600_000 })}
          />
        ) : null}
      </div>
    </section>
  );
}
