import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { failureMessage } from '../../lib/failureMessage';
import { deviceQueries } from '../devices/queries';
import { DelayedSpinner } from '../loading/DelayedSpinner';
import { useFormatters } from '../profile/usePreferences';
import { simpleDeviceQueries } from './queries';
import type { Gauge } from './types';
import './simpleDevices.css';

/** The range a bar is drawn over: the property's own, or 0–1 for a ratio; none for open-ended values. */
function rangeOf(gauge: Gauge): { min: number; max: number } | null {
  if (gauge.min !== null && gauge.max !== null && gauge.max > gauge.min) return { min: gauge.min, max: gauge.max };
  return gauge.units === 'ratio' ? { min: 0, max: 1 } : null;
}

/**
 * The vessel's gauge dashboard: the fields of its simple devices included in gauges. Values come
 * from the devices the live stream keeps current, the dashboard's own answer until they load.
 */
export function GaugeDashboard({ vesselId }: { vesselId: number }) {
  const { t } = useTranslation('simpleDevices');
  const gauges = useQuery(simpleDeviceQueries.dashboard(vesselId));
  const devices = useQuery(deviceQueries.list(vesselId));
  const format = useFormatters();
  const live = new Map((devices.data ?? []).flatMap((device) => device.properties.map((property) => [property.id, property.value] as const)));

  if (gauges.isError) {
    return (
      <p className="form-error" role="alert">
        {failureMessage(gauges.error, t('gauges.loadFailed'))}{' '}
        <button type="button" className="link-button" onClick={() => void gauges.refetch()}>
          {t('gauges.tryAgain')}
        </button>
      </p>
    );
  }
  return (
    <section aria-labelledby="gauges-title">
      <h2 id="gauges-title">{t('gauges.title')}</h2>
      <DelayedSpinner loading={gauges.isPending} label={t('gauges.loading')} />
      {gauges.isSuccess && gauges.data.length === 0 ? (
        <div className="empty-state">
          <p>{t('gauges.empty')}</p>
        </div>
      ) : null}
      <ul className="gauge-grid">
        {(gauges.data ?? []).map((gauge) => {
          const value = gauge.propertyId !== null && live.has(gauge.propertyId) ? live.get(gauge.propertyId) : gauge.value;
          const range = rangeOf(gauge);
          const text = gauge.propertyId === null ? t('gauges.notMapped') : format.value(value, gauge.units, gauge.path ?? '');
          return (
            <li key={gauge.fieldId} className="gauge card" aria-labelledby={`gauge-${gauge.fieldId}`}>
              <p id={`gauge-${gauge.fieldId}`} className="gauge__name">
                {gauge.deviceName} · {gauge.name}
              </p>
              <p className="gauge__value" data-testid={`gauge-value-${gauge.fieldId}`}>
                {text}
              </p>
              {range && typeof value === 'number' ? (
                <meter
                  className="gauge__bar"
                  min={range.min}
                  max={range.max}
                  value={value}
                  aria-label={`${gauge.deviceName} ${gauge.name}`}
                  aria-valuetext={text}
                />
              ) : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
