import { lazy, Suspense, useMemo, useState } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
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
  return (
    <p className="form-error" role="alert">
      The map could not be loaded. Reload the page to try again.
    </p>
  );
}

/** The fleet's last known positions; a vessel whose position the user may not see, or that never reported, is left off. */
function FleetPositions({ vessels }: { vessels: VesselSummary[] }) {
  const navigate = useNavigate();
  const format = useFormatters();
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
      <h2 id="fleet-map-title">Where the fleet is</h2>
      {loading ? (
        <p className="muted" role="status">
          Loading positions…
        </p>
      ) : null}
      <Suspense fallback={<div className="vessel-map vessel-map__canvas" aria-busy="true" />}>
        <FleetMap vessels={placed} onOpen={(vesselId) => void navigate({ to: '/dashboard/vessels/$vesselId/location', params: { vesselId } })} />
      </Suspense>
    </section>
  );
}

const BANNER_CHIP = {
  NOT_PAIRED: { label: 'Not paired', tone: 'neutral' },
  NO_SUBSCRIPTION: { label: 'No active services', tone: 'warning' },
  OFFLINE: { label: 'Offline', tone: 'neutral' },
  TRIAL: { label: 'Test period', tone: 'neutral' },
  MESSAGE: { label: '', tone: 'neutral' },
} as const;

/** A card's alarm strip: the most urgent unacknowledged alarm or emergency of the vessel, linking to its alerts. */
function CardAlarm({ vesselId, alarms }: { vesselId: number; alarms: Alert[] }) {
  if (alarms.length === 0) return null;
  const first = alarms[0];
  const priority = priorityOf(first);
  return (
    <div className={`alarm-banner alarm-banner--${priority} vessel-card__alarm`} role="alert">
      <Icon name={PRIORITY_ICONS[priority]} size={20} />
      <p className="alarm-banner__text">
        {PRIORITY_LABELS[priority]}: {alarmText(first)}
        {alarms.length > 1 ? ` · ${alarms.length - 1} more` : ''}
      </p>
      <Link to="/dashboard/vessels/$vesselId/alerts" params={{ vesselId }}>
        Open alerts
      </Link>
    </div>
  );
}

function VesselCard({ vessel, alarms }: { vessel: VesselSummary; alarms: Alert[] }) {
  const format = useFormatters();
  const banner = vesselBanner(vessel);
  const chip = banner ? BANNER_CHIP[banner.kind] : null;
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
              <dt>Alerts</dt>
              <dd className={(vessel.activeAlertCount ?? 0) > 0 ? 'text-critical' : undefined}>{vessel.activeAlertCount ?? 0}</dd>
            </div>
            <div>
              <dt>Bridge</dt>
              <dd>{vessel.reportingClient?.serial ?? 'None'}</dd>
            </div>
            <div>
              <dt>Services until</dt>
              <dd>{vessel.vesselSubscription?.valid && vessel.vesselSubscription.validUntil ? format.date(vessel.vesselSubscription.validUntil) : '—'}</dd>
            </div>
            <div>
              <dt>Role</dt>
              <dd className="capitalize">{vessel.role}</dd>
            </div>
          </dl>
          {chip && chip.label ? <span className={`chip chip--${chip.tone}`}>{chip.label}</span> : null}
        </div>
      </Link>
    </li>
  );
}

export function FleetView() {
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
          <h1>Fleet</h1>
          <LastKnown updatedAt={fleet.dataUpdatedAt} failing={lastFetchFailed(fleet)} />
          <p className="muted">
            {vessels.length} {vessels.length === 1 ? 'vessel' : 'vessels'} · {online} online · {alerts} active {alerts === 1 ? 'alert' : 'alerts'}
          </p>
        </div>
        <Link to="/dashboard/vessels/new" className="button button--primary">
          Add a vessel
        </Link>
        {vessels.length > 3 ? (
          <label className="search">
            <span className="visually-hidden">Find a vessel</span>
            <input className="input" type="search" placeholder="Find a vessel" value={filter} onChange={(event) => setFilter(event.target.value)} />
          </label>
        ) : null}
      </header>
      <CompanyInvitations />
      <IncomingTransfers />
      {vessels.length === 0 ? (
        <section className="empty-state">
          <h2>No vessels yet</h2>
          <p>When you add a vessel or accept an invitation to one, it appears here.</p>
          <Link to="/dashboard/vessels/new" className="button button--primary">
            Add your first vessel
          </Link>
        </section>
      ) : (
        <>
          <FleetPositions vessels={vessels} />
          {groupVessels(shown).map(({ group, vessels: members }) => (
            <section key={group ?? ''} className="fleet-group" aria-label={group ?? 'Not grouped'}>
              {group !== null || groups > 1 ? <h2 className="fleet-group__title">{group ?? 'Not grouped'}</h2> : null}
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
