import { useEffect, useState } from 'react';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { connectivity } from '../../app/services';
import { liveLabel } from '../live/liveLabel';
import { Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { alertQueries } from '../alerts/queries';
import { PriorityBadge } from '../alerts/PriorityBadge';
import { alarmText, isActiveAlert, priorityOf } from '../alerts/types';
import { Gauge } from '../charts/Gauge';
import { PropertyHistoryModal } from '../devices/PropertyHistoryModal';
import { isChartable, isEngineOrGenerator, isLevel, levelTone, propertiesMatching } from '../devices/properties';
import { deviceQueries } from '../devices/queries';
import type { Device, Property } from '../devices/types';
import { DelayedSpinner } from '../loading/DelayedSpinner';
import { CloudServicesNotice, cloudServicesOff } from '../billing/CloudServicesNotice';
import { LapsedValuesNotice } from '../billing/LapsedValuesNotice';
import { useScreenSetting } from '../appSettings/screenSetting';
import { useLiveStatus } from '../live/LiveStatus';
import { useFormatters } from '../profile/usePreferences';
import { keyFigures } from './keyFigures';
import { OnlineState } from './OnlineState';
import { atLeast, normalisePermissions, type VesselDetail } from './types';
import { Icon } from '../icons/Icon';
import { WeatherCard } from '../weather/WeatherCard';
import './vessels.css';
import '../alerts/alerts.css';
import '../devices/devices.css';
import '../charts/charts.css';

interface OverviewTabProps {
  /** The route's id: every cache key of the vessel uses it. */
  vesselId: number;
  vessel: VesselDetail;
  showDevices: boolean;
  showAlerts: boolean;
}

export function OverviewTab({ vesselId, vessel, showDevices, showAlerts }: OverviewTabProps) {
  const { t } = useTranslation('vessels');
  const liveStream = useLiveStatus();
  const serverUnreachable = useSelector(connectivity, (state) => state.hasTag('unreachable'));
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 10_000);
    return () => clearInterval(timer);
  }, []);
  const live = liveLabel({
    stream: liveStream.status,
    serverUnreachable,
    online: vessel.online,
    lastSeen: vessel.lastSeen,
    lastValueAt: liveStream.lastValueAt,
    now: Math.max(now, liveStream.lastValueAt ?? 0),
  });
  const format = useFormatters();
  const devices = useQuery({ ...deviceQueries.list(vesselId), enabled: showDevices });
  const alerts = useQuery({ ...alertQueries.list(vesselId), enabled: showAlerts });
  const [history, setHistory] = useState<{ device: Device; property: Property } | null>(null);

  const figures = keyFigures(devices.data);
  // The gauges of the app setting this screen shows, in the setting's order.
  const screen = useScreenSetting(vesselId);
  const byProperty = new Map((devices.data ?? []).flatMap((device) => device.properties.map((property) => [property.id, { device, property }] as const)));
  const screenGauges = (screen?.gaugePropertyIds ?? []).flatMap((id) => byProperty.get(id) ?? []);
  const levels = propertiesMatching(devices.data, isLevel);
  const engines = (devices.data ?? []).filter(isEngineOrGenerator);
  const activeAlerts = (alerts.data ?? []).filter(isActiveAlert);

  return (
    <div className="overview">
      <section className="card overview__status" aria-labelledby="status-title">
        <h2 id="status-title">{t('overview.status')}</h2>
        <dl className="key-figures">
          <div>
            <dt>{t('overview.bridge')}</dt>
            <dd>
              <OnlineState online={vessel.online} lastSeen={vessel.lastSeen} />
            </dd>
          </div>
          <div>
            <dt>{t('overview.liveData')}</dt>
            <dd>
              {cloudServicesOff(vessel) ? (
                <CloudServicesNotice vesselId={vesselId} service="live" />
              ) : (
                <span className={`live-indicator live-indicator--${live.tone}`} data-testid="live-data">
                  {live.text}
                </span>
              )}
            </dd>
          </div>
          <div>
            <dt>{t('overview.lastSeen')}</dt>
            <dd>{vessel.lastSeen ? format.localAndUtc(vessel.lastSeen) : t('overview.never')}</dd>
          </div>
          {showAlerts ? (
            <div>
              <dt>{t('overview.activeAlerts')}</dt>
              <dd className={activeAlerts.length > 0 ? 'text-critical' : undefined}>{activeAlerts.length}</dd>
            </div>
          ) : null}
        </dl>
        <LapsedValuesNotice vesselId={vesselId} vessel={vessel} />
      </section>

      {showDevices ? (
        <>
          <WeatherCard vesselId={vesselId} />
          <DelayedSpinner loading={devices.isPending} label={t('overview.loadingValues')} />
          {devices.isError ? (
            <p className="form-error" role="alert">
              {t('overview.valuesFailed')}
            </p>
          ) : null}
          {screen && screenGauges.length > 0 ? (
            <section aria-labelledby="screen-gauges-title" data-testid="screen-gauges">
              <h2 id="screen-gauges-title" className="section-title">
                {screen.name}
              </h2>
              <ul className="figure-grid">
                {screenGauges.map(({ device, property }) => (
                  <li key={property.id} className="figure">
                    {property.units === 'ratio' && typeof property.value === 'number' ? (
                      <Gauge label={device.name} caption={property.displayName} ratio={property.value} tone={levelTone(property, property.value)} />
                    ) : (
                      <>
                        <span className="figure__label">{property.displayName}</span>
                        <span className="figure__value">{format.value(property.value, property.units, property.path)}</span>
                        <span className="figure__source muted">{device.name}</span>
                      </>
                    )}
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          {figures.length > 0 ? (
            <section aria-labelledby="figures-title">
              <h2 id="figures-title" className="section-title">
                {t('overview.keyFigures')}
              </h2>
              <ul className="figure-grid">
                {figures.map((figure) => (
                  <li key={figure.key} className={`figure${figure.key === 'position' ? ' figure--wide' : ''}`}>
                    <span className="figure__label">{figure.label}</span>
                    <span className="figure__value">{format.value(figure.property.value, figure.property.units, figure.property.path)}</span>
                    <span className="figure__source muted">{figure.device.name}</span>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          {levels.length > 0 ? (
            <section aria-labelledby="levels-title">
              <h2 id="levels-title" className="section-title">
                {t('overview.levels')}
              </h2>
              <div className="gauge-grid">
                {levels.map(({ device, property }) => {
                  const ratio = typeof property.value === 'number' ? property.value : null;
                  return (
                    <Gauge
                      key={property.id}
                      label={device.name}
                      caption={property.displayName}
                      ratio={ratio}
                      tone={ratio === null ? 'ok' : levelTone(property, ratio)}
                    />
                  );
                })}
              </div>
            </section>
          ) : null}
          {engines.length > 0 ? (
            <section aria-labelledby="engines-title">
              <h2 id="engines-title" className="section-title">
                {t('overview.engines')}
              </h2>
              <div className="device-grid">
                {engines.map((device) => (
                  <article key={device.id} className="device-card">
                    <h3>{device.name}</h3>
                    <ul className="property-list">
                      {device.properties.map((property) => (
                        <li key={property.id} className="property">
                          <span className="property__name">{property.displayName}</span>
                          <span className="property__value">{format.value(property.value, property.units, property.path)}</span>
                          {isChartable(property) ? (
                            <button
                              type="button"
                              className="icon-button property__history"
                              aria-label={t('overview.historyOf', { device: device.name, property: property.displayName })}
                              onClick={() => setHistory({ device, property })}
                            >
                              <Icon name="chart" size={18} />
                            </button>
                          ) : null}
                        </li>
                      ))}
                    </ul>
                  </article>
                ))}
              </div>
            </section>
          ) : null}
        </>
      ) : null}

      {showAlerts && activeAlerts.length > 0 ? (
        <section className="card" aria-labelledby="overview-alerts-title">
          <h2 id="overview-alerts-title">{t('overview.activeAlerts')}</h2>
          <ul className="alert-list alert-list--compact">
            {activeAlerts.slice(0, 3).map((alert) => (
              <li key={alert.id} className={`alert-item alert-item--${alert.state} alert-item--priority-${priorityOf(alert)}`}>
                <PriorityBadge priority={priorityOf(alert)} />
                <span>{alarmText(alert)}</span>
              </li>
            ))}
          </ul>
          <Link to="/dashboard/vessels/$vesselId/alerts" params={{ vesselId }}>
            {t('overview.allAlerts')}
          </Link>
        </section>
      ) : null}
      {history ? (
        <PropertyHistoryModal
          vesselId={vesselId}
          device={history.device}
          property={history.property}
          canEditLevels={atLeast(normalisePermissions(vessel.permissions).deviceManager, 'MANAGE')}
          canSeeAlerts={showAlerts}
          onClose={() => setHistory(null)}
        />
      ) : null}
    </div>
  );
}
