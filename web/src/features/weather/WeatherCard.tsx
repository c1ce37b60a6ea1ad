import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { locationQueries } from '../location/queries';
import { vesselQueries } from '../vessels/queries';
import { DelayedSpinner } from '../loading/DelayedSpinner';
import { useFormatters } from '../profile/usePreferences';
import { weatherQueries } from './queries';
import './weather.css';
import { RetryButton } from '../errors/RetryButton';

/** The weather where the vessel is, in metric units, naming where it comes from. */
export function WeatherCard({ vesselId }: { vesselId: number }) {
  const { t } = useTranslation('weather');
  const format = useFormatters();
  const metric = (value: number | null, unit: string) => (value === null ? '—' : `${format.number(value, 1)} ${unit}`);
  const vessel = useQuery(vesselQueries.detail(vesselId));
  const location = useQuery(locationQueries.current(vesselId));
  const position = location.data;
  const weather = useQuery({ ...weatherQueries.atVessel(vesselId, position?.lat ?? 0, position?.lon ?? 0), enabled: !!position });
  const data = weather.data;
  // The vessel's own sensors are named in the person's language; a service by its own name.
  const sourceName = data?.source === 'vessel' && vessel.data ? t('card.sensorsOf', { vessel: vessel.data.name }) : data?.sourceName;

  return (
    <section className="card weather" aria-labelledby="weather-title">
      <h2 id="weather-title">{t('card.title')}</h2>
      <DelayedSpinner loading={location.isPending || (!!position && weather.isPending)} label={t('card.loading')} />
      {location.isError || weather.isError ? (
        <p className="form-error" role="alert">
          {t('card.failed')} <RetryButton error={location.error ?? weather.error} onRetry={() => (location.isError ? location.refetch() : weather.refetch())} />
        </p>
      ) : null}
      {location.isSuccess && !position ? <p className="empty-state">{t('card.noPosition')}</p> : null}
      {data && data.source === null ? <p className="empty-state">{t('card.noWeather')}</p> : null}
      {data && data.source !== null ? (
        <>
          <dl className="key-figures weather__figures">
            <div>
              <dt>{t('card.temperature')}</dt>
              <dd>{metric(data.temperatureC, '°C')}</dd>
            </div>
            <div>
              <dt>{t('card.wind')}</dt>
              <dd>
                {data.windDirectionDeg === null
                  ? metric(data.windSpeedMs, 'm/s')
                  : t('card.windFrom', { speed: metric(data.windSpeedMs, 'm/s'), direction: Math.round(data.windDirectionDeg) })}
              </dd>
            </div>
            <div>
              <dt>{t('card.pressure')}</dt>
              <dd>{metric(data.pressureHpa, 'hPa')}</dd>
            </div>
          </dl>
          <p className="weather__source muted" data-testid="weather-source">
            {data.observedAt ? t('card.sourceAt', { name: sourceName, time: format.dateTime(data.observedAt) }) : t('card.source', { name: sourceName })}
          </p>
        </>
      ) : null}
    </section>
  );
}
