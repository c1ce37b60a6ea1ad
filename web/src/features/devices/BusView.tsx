import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { failureMessage } from '../../lib/failureMessage';
import { SelectField } from '../forms/Field';
import { DelayedSpinner } from '../loading/DelayedSpinner';
import { useFormatters } from '../profile/usePreferences';
import { deviceQueries } from './queries';
import type { BusDescription } from './types';
import './devices.css';

/** A bus as people call it: the catalogue's name with its id, or the id alone when the platform does not know it. */
const busLabel = (id: string, catalogue: BusDescription[] | undefined) => {
  const known = catalogue?.find((bus) => bus.id === id);
  return known ? `${known.name} (${id})` : id;
};

/** "By bus": pick one of the buses the vessel reports through and see what it carries, with values and units. */
export function BusView({ vesselId }: { vesselId: number }) {
  const { t } = useTranslation('devices');
  const buses = useQuery(deviceQueries.buses(vesselId));
  const catalogue = useQuery(deviceQueries.busCatalogue());
  const [chosen, setChosen] = useState<string | null>(null);
  const bus = chosen ?? buses.data?.[0]?.name ?? null;

  if (buses.isError) {
    return (
      <p className="form-error" role="alert">
        {failureMessage(buses.error, t('bus.loadFailed'))}{' '}
        <button type="button" className="link-button" onClick={() => void buses.refetch()}>
          {t('bus.tryAgain')}
        </button>
      </p>
    );
  }
  return (
    <section className="bus-view" aria-labelledby="bus-view-title">
      <h2 id="bus-view-title">{t('bus.title')}</h2>
      <DelayedSpinner loading={buses.isPending} label={t('bus.loading')} />
      {buses.isSuccess && buses.data.length === 0 ? <p className="empty-state">{t('bus.empty')}</p> : null}
      {buses.data?.length && bus ? (
        <>
          <SelectField
            label={t('bus.label')}
            value={bus}
            onChange={(event) => setChosen(event.target.value)}
            options={buses.data.map((candidate) => ({
              value: candidate.name,
              label: t('bus.option', { bus: busLabel(candidate.name, catalogue.data), count: candidate.sourceCount }),
            }))}
          />
          <BusProperties vesselId={vesselId} bus={bus} label={busLabel(bus, catalogue.data)} />
        </>
      ) : null}
    </section>
  );
}

function BusProperties({ vesselId, bus, label }: { vesselId: number; bus: string; label: string }) {
  const properties = useQuery(deviceQueries.busProperties(vesselId, bus));
  const { t } = useTranslation('devices');
  const format = useFormatters();
  return (
    <>
      <DelayedSpinner loading={properties.isPending} label={t('bus.loadingProperties')} />
      {properties.isError ? (
        <p className="form-error" role="alert">
          {failureMessage(properties.error, t('bus.propertiesFailed'))}
        </p>
      ) : null}
      {properties.isSuccess && properties.data.length === 0 ? <p className="empty-state">{t('bus.noCurrentValue', { bus: label })}</p> : null}
      {properties.data?.length ? (
        <ul className="list bus-properties" aria-label={t('bus.propertiesOn', { bus: label })}>
          {properties.data.map((property) => (
            <li key={property.id} className="list__item">
              <span>
                <strong>{property.displayName}</strong> <span className="muted">· {property.deviceName}</span>
                <br />
                <span className="muted bus-properties__source">
                  {property.source} · {property.timestamp ? format.dateTime(property.timestamp) : t('bus.noValueYet')}
                </span>
              </span>
              <span className="bus-properties__value" data-testid={`bus-value-${property.id}`}>
                {format.value(property.value, property.units, property.path)}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}
