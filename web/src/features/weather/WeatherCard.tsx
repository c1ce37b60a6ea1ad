import { useQuery } from '@tanstack/react-query';
import { locationQueries } from '../location/queries';
import { DelayedSpinner } from '../loading/DelayedSpinner';
import { useFormatters } from '../profile/usePreferences';
import { weatherQueries } from './queries';
import './weather.css';
import { RetryButton } from '../errors/RetryButton';

const metric = (value: number | null, unit: string) => (value === null ? '—' : `${value.toLocaleString(undefined, { maximumFractionDigits: 1 })} ${unit}`);

/** The weather where the vessel is, in metric units, naming where it comes from. */
export function WeatherCard({ vesselId }: { vesselId: number }) {
  const format = useFormatters();
  const location = useQuery(locationQueries.current(vesselId));
  const position = location.data;
  const weather = useQuery({ ...weatherQueries.atVessel(vesselId, position?.lat ?? 0, position?.lon ?? 0), enabled: !!position });
  const data = weather.data;

  return (
    <section className="card weather" aria-labelledby="weather-title">
      <h2 id="weather-title">Weather</h2>
      <DelayedSpinner loading={location.isPending || (!!position && weather.isPending)} label="Loading the weather…" />
      {location.isError || weather.isError ? (
        <p className="form-error" role="alert">
          The weather could not be loaded.{' '}
          <RetryButton error={location.error ?? weather.error} onRetry={() => (location.isError ? location.refetch() : weather.refetch())} />
        </p>
      ) : null}
      {location.isSuccess && !position ? <p className="empty-state">No weather yet: the vessel has not reported its position.</p> : null}
      {data && data.source === null ? (
        <p className="empty-state">No weather: no weather service answers and the vessel reports no wind, pressure or temperature.</p>
      ) : null}
      {data && data.source !== null ? (
        <>
          <dl className="key-figures weather__figures">
            <div>
              <dt>Temperature</dt>
              <dd>{metric(data.temperatureC, '°C')}</dd>
            </div>
            <div>
              <dt>Wind</dt>
              <dd>
                {metric(data.windSpeedMs, 'm/s')}
                {data.windDirectionDeg === null ? null : ` from ${Math.round(data.windDirectionDeg)}°`}
              </dd>
            </div>
            <div>
              <dt>Pressure</dt>
              <dd>{metric(data.pressureHpa, 'hPa')}</dd>
            </div>
          </dl>
          <p className="weather__source muted" data-testid="weather-source">
            Source: {data.sourceName}
            {data.observedAt ? `, ${format.dateTime(data.observedAt)}` : ''}
          </p>
        </>
      ) : null}
    </section>
  );
}
