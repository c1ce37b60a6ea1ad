import { lazy, Suspense, useMemo, useState } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useQueries, useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { LastKnown, lastFetchFailed } from '../offline/LastKnown';
import { PRIORITY_ICONS } from '../alerts/PriorityBadge';
import { alertQueries } from '../alerts/queries';
import { alarmText, bannerAlarms, PRIORITY_LABELS, priorityOf, type Alert } from '../alerts/types';
import { locationQueries } from '../location/queries';
import type { FleetMapVessel } from '../location/FleetMap';
import { useFormatters } from '../profile/usePreferences';
import { vesselBanner } from './banner';
import { OnlineState } from './OnlineState';
import { groupVessels } from './lifecycle';
import { vesselQueries } from './queries';
import type { VesselSummary } from './types';
import { useFixedLink } from '../links/useLink';
import { Icon } from '../icons/Icon';
import { CompanyInvitations } from '../organisation/CompanyInvitations';
import { IncomingTransfers } from '../transfer/IncomingTransfers';
import './vessels.css';

// Leaflet and the land layer load with the map only, after the fleet list is on screen.
const FleetMap = lazy(() =>
  import('../location/FleetMap').then(
    (module) => ({ default: module.FleetMap }),
    (error: unknown) => {
      console.error('The fleet map could not be loaded', error);
      return { default: FleetMapUnavailable };
    },
  ),
);

function FleetMapUnavailable() {
  const { t } = useTranslation('vessels');
  return (
    <p className="form-error" role="alert">
      {t('fleet.mapUnavailable')}
    </p>
  );
}

/** The fleet's last known positions; a vessel whose position the user may not see, or that never reported, is left off. */
function FleetPositions({ vessels }: { vessels: VesselSummary[] }) {
  const navigate = useNavigate();
  const format = useFormatters();
  const { t } = useTranslation('vessels');
  const locations = useQueries({
    queries: vessels.map((vessel) => ({ ...locationQueries.current(vessel.id), retry: false })),
  });
  const placed: FleetMapVessel[] = vessels.flatMap((vessel, index) => {
    const location = locations[index]?.data;
    return location
      ? [{ id: vessel.id, name: vessel.name, online: vessel.online, lat: location.lat, lon: location.lon, reportedAt: format.dateTime(location.timestamp) }]
      : [];
  });
  const loading = locations.some((location) => location.isPending);
  return (
    <section className="card fleet-positions" aria-labelledby="fleet-map-title">
      <h2 id="fleet-map-title">{t('fleet.mapTitle')}</h2>
      {loading ? (
        <p className="muted" role="status">
          {t('fleet.loadingPositions')}
        </p>
      ) : null}
      <Suspense fallback={<div className="vessel-map vessel-map__canvas" aria-busy="true" />}>
        <FleetMap vessels={placed} onOpen={(vesselId) => void navigate({ to: '/dashboard/vessels/$vesselId/location', params: { vesselId } })} />
      </Suspense>
    </section>
  );
}

/** A card's chip: its words are `vessels:chip.<kind>`; a general message has none. */
const BANNER_CHIP = {
  NOT_PAIRED: 'neutral',
  NO_SUBSCRIPTION: 'warning',
  OFFLINE: 'neutral',
  TRIAL: 'neutral',
  MESSAGE: null,
} as const;

/** A card's alarm strip: the most urgent unacknowledged alarm or emergency of the vessel, linking to its alerts. */
function CardAlarm({ vesselId, alarms }: { vesselId: number; alarms: Alert[] }) {
  const { t } = useTranslation('vessels');
  if (alarms.length === 0) return null;
  const first = alarms[0];
  const priority = priorityOf(first);
  return (
    <div className={`alarm-banner alarm-banner--${priority} vessel-card__alarm`} role="alert">
      <Icon name={PRIORITY_ICONS[priority]} size={20} />
      <p className="alarm-banner__text">
        {alarms.length > 1
          ? t('fleet.cardAlarmMore', { priority: PRIORITY_LABELS[priority], alarm: alarmText(first), count: alarms.length - 1 })
          : t('fleet.cardAlarm', { priority: PRIORITY_LABELS[priority], alarm: alarmText(first) })}
      </p>
      <Link to="/dashboard/vessels/$vesselId/alerts" params={{ vesselId }}>
        {t('fleet.openAlerts')}
      </Link>
    </div>
  );
}

function VesselCard({ vessel, alarms }: { vessel: VesselSummary; alarms: Alert[] }) {
  const format = useFormatters();
  const { t } = useTranslation('vessels');
  const banner = vesselBanner(vessel);
  const tone = banner ? BANNER_CHIP[banner.kind] : null;
  const image = useFixedLink(vessel.imageUrl ?? null);
  return (
    <li className={`vessel-card${alarms.length > 0 ? ' vessel-card--alarm' : ''}`}>
      <CardAlarm vesselId={vessel.id} alarms={alarms} />
      <Link to="/dashboard/vessels/$vesselId/overview" params={{ vesselId: vessel.id }} className="vessel-card__link">
        <div className="vessel-card__image" aria-hidden="true">
          {image ? (
            <img src={image} alt="" loading="lazy" />
          ) : (
            <span className="vessel-card__placeholder">
              <Icon name="boat" size={48} />
            </span>
          )}
        </div>
        <div className="vessel-card__body">
          <h2 className="vessel-card__name">{vessel.name}</h2>
          {vessel.groupName ? <p className="muted">{vessel.groupName}</p> : null}
          <OnlineState online={vessel.online} lastSeen={vessel.lastSeen} />
          <dl className="key-figures key-figures--compact">
            <div>
              <dt>{t('card.alerts')}</dt>
              <dd className={(vessel.activeAlertCount ?? 0) > 0 ? 'text-critical' : undefined}>{vessel.activeAlertCount ?? 0}</dd>
            </div>
            <div>
              <dt>{t('card.bridge')}</dt>
              <dd>{vessel.reportingClient?.serial ?? t('card.noBridge')}</dd>
            </div>
            <div>
              <dt>{t('card.servicesUntil')}</dt>
              <dd>{vessel.vesselSubscription?.valid && vessel.vesselSubscription.validUntil ? format.date(vessel.vesselSubscription.validUntil) : '—'}</dd>
            </div>
            <div>
              <dt>{t('card.role')}</dt>
              <dd className="capitalize">{vessel.role ? t(`roles.${vessel.role}`) : '—'}</dd>
            </div>
          </dl>
          {banner && tone ? <span className={`chip chip--${tone}`}>{t(`chip.${banner.kind}`)}</span> : null}
        </div>
      </Link>
    </li>
  );
}

export function FleetView() {
  const { t } = useTranslation('vessels');
  const fleet = useSuspenseQuery(vesselQueries.list());
  const vessels = fleet.data;
  const [filter, setFilter] = useState('');
  const shown = useMemo(() => {
    const term = filter.trim().toLowerCase();
    return term ? vessels.filter((vessel) => `${vessel.name} ${vessel.groupName ?? ''}`.toLowerCase().includes(term)) : vessels;
  }, [vessels, filter]);
  const groups = new Set(vessels.map((vessel) => vessel.groupName?.trim() || null)).size;
  const online = vessels.filter((vessel) => vessel.online).length;
  const alerts = vessels.reduce((sum, vessel) => sum + (vessel.activeAlertCount ?? 0), 0);
  const active = useQuery({ ...alertQueries.active(), enabled: alerts > 0 });
  const alarmsOf = (vesselId: number) => bannerAlarms(active.data?.filter((alert) => alert.vesselId === vesselId));

  return (
    <div className="page">
      <header className="page__header">
        <div>
          <h1>{t('fleet.title')}</h1>
          <LastKnown updatedAt={fleet.dataUpdatedAt} failing={lastFetchFailed(fleet)} />
          <p className="muted">
            {t('fleet.vesselCount', { count: vessels.length })} · {t('fleet.onlineCount', { count: online })} · {t('fleet.activeAlertCount', { count: alerts })}
          </p>
        </div>
        <Link to="/dashboard/vessels/new" className="button button--primary">
          {t('fleet.add')}
        </Link>
        {vessels.length > 3 ? (
          <label className="search">
            <span className="visually-hidden">{t('fleet.find')}</span>
            <input className="input" type="search" placeholder={t('fleet.find')} value={filter} onChange={(event) => setFilter(event.target.value)} />
          </label>
        ) : null}
      </header>
      <CompanyInvitations />
      <IncomingTransfers />
      {vessels.length === 0 ? (
        <section className="empty-state">
          <h2>{t('fleet.emptyTitle')}</h2>
          <p>{t('fleet.emptyText')}</p>
          <Link to="/dashboard/vessels/new" className="button button--primary">
            {t('fleet.addFirst')}
          </Link>
        </section>
      ) : (
        <>
          <FleetPositions vessels={vessels} />
          {groupVessels(shown).map(({ group, vessels: members }) => (
            <section key={group ?? ''} className="fleet-group" aria-label={group ?? t('fleet.notGrouped')}>
              {group !== null || groups > 1 ? <h2 className="fleet-group__title">{group ?? t('fleet.notGrouped')}</h2> : null}
              <ul className="fleet">
                {members.map((vessel) => (
                  <VesselCard key={vessel.id} vessel={vessel} alarms={alarmsOf(vessel.id)} />
                ))}
              </ul>
            </section>
          ))}
        </>
      )}
    </div>
  );
}
