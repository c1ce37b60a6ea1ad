import { useTranslation } from 'react-i18next';
import { useFormatters } from '../profile/usePreferences';
import { PropertyControl } from './PropertyControl';
import { isChartable } from './properties';
import { CATEGORY_LABELS, type Device, type Property } from './types';
import { Icon } from '../icons/Icon';
import './devices.css';

interface DeviceCardProps {
  vesselId: number;
  device: Device;
  canControl: boolean;
  /** Set while the vessel is offline and the user lets commands wait for it. */
  queueForSeconds?: number;
  /** While the vessel is offline: since when every value is the last known (its bridge's disconnect). */
  staleSince?: string | null;
  onShowHistory: (device: Device, property: Property) => void;
}

export function DeviceCard({ vesselId, device, canControl, queueForSeconds, staleSince = null, onShowHistory }: DeviceCardProps) {
  const { t } = useTranslation('devices');
  const format = useFormatters();
  const details = [device.manufacturer, device.model].filter(Boolean).join(' ');
  return (
    <article className="device-card" aria-labelledby={`device-${device.id}`}>
      <header className="device-card__header">
        <h3 id={`device-${device.id}`}>{device.name}</h3>
        <span className={`chip chip--category chip--${device.category}`}>{CATEGORY_LABELS[device.category] ?? device.category}</span>
      </header>
      {details || device.location ? <p className="device-card__meta muted">{[details, device.location].filter(Boolean).join(' · ')}</p> : null}
      <ul className="property-list">
        {device.properties.map((property) => (
          <li key={property.id} className="property">
            <span className="property__name">
              {property.displayName}
              {property.description ? <small className="property__description muted">{property.description}</small> : null}
            </span>
            {property.writable ? null : (
              <span
                className="property__value"
                title={property.timestamp ? t('card.measured', { time: format.dateTime(property.timestamp) }) : t('card.noValueYet')}
              >
                {format.value(property.value, property.units, property.path)}
              </span>
            )}
            {staleSince && property.timestamp ? (
              <span className="chip chip--stale" title={t('card.staleOfflineTitle')}>
                {t('card.staleSince', { time: format.dateTime(staleSince) })}
              </span>
            ) : property.stale ? (
              <span className="chip chip--stale" title={t('card.staleTitle')}>
                {t('card.stale')}
              </span>
            ) : null}
            {isChartable(property) ? (
              <button
                type="button"
                className="icon-button property__history"
                aria-label={t('card.historyOf', { device: device.name, property: property.displayName })}
                title={t('card.history')}
                onClick={() => onShowHistory(device, property)}
              >
                <Icon name="chart" size={18} />
              </button>
            ) : null}
            {property.writable ? (
              <PropertyControl
                vesselId={vesselId}
                device={device}
                property={property}
                unitSystem={format.unitSystem}
                disabled={!canControl}
                queueForSeconds={queueForSeconds}
              />
            ) : null}
          </li>
        ))}
      </ul>
    </article>
  );
}
