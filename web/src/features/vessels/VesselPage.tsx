import { useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate } from '@tanstack/react-router';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import { connectivity, session, streamHealth } from '../../app/services';
import { alertQueries } from '../alerts/queries';
import { RenderErrorBoundary } from '../errors/RenderErrorBoundary';
import { LiveStatusContext } from '../live/LiveStatus';
import { useLiveStream } from '../live/useLiveStream';
import { alertsBannerMessage, vesselBanner, type VesselBanner } from './banner';
import { OnlineState } from './OnlineState';
import { PairBridgeModal } from './PairBridgeModal';
import { vesselQueries } from './queries';
import { VESSEL_TAB_LABELS, visibleTabs, type VesselTab } from './tabs';
import { atLeast, normalisePermissions } from './types';
import { VesselBannerView } from './VesselBannerView';
import { withSessionKey } from './vesselImage';
import './vessels.css';

/** Every tab is a child route; the links are typed by the route tree. */
export const VESSEL_TAB_ROUTES = {
  overview: '/dashboard/vessels/$vesselId/overview',
  devices: '/dashboard/vessels/$vesselId/devices',
  alerts: '/dashboard/vessels/$vesselId/alerts',
  location: '/dashboard/vessels/$vesselId/location',
  documents: '/dashboard/vessels/$vesselId/documents',
  notes: '/dashboard/vessels/$vesselId/notes',
  users: '/dashboard/vessels/$vesselId/users',
  settings: '/dashboard/vessels/$vesselId/settings',
} as const satisfies Record<VesselTab, string>;

const SERVER_UNREACHABLE_BANNER: VesselBanner = {
  kind: 'MESSAGE',
  type: 'WARNING',
  text: 'The server cannot be reached. The values shown are the last ones received; the vessel itself may be fine.',
  icon: 'offline',
};

/** The vessel page around its tabs: header, status banner, tab links and the live stream that keeps every tab current. */
export function VesselPage({ vesselId, children }: { vesselId: number; children: ReactNode }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { data: vessel } = useSuspenseQuery(vesselQueries.detail(vesselId));
  const sessionKey = useSelector(session, (state) => state.context.token);
  const liveStatus = useLiveStream(vesselId, sessionKey, streamHealth);
  const [pairing, setPairing] = useState(false);
  const permissions = normalisePermissions(vessel.permissions);
  const tabs = visibleTabs(permissions);
  const alerts = useQuery({ ...alertQueries.list(vesselId), enabled: atLeast(permissions.alertManager, 'VIEW') });
  const shownTab = tabs.find((tab) => pathname.endsWith(`/${tab}`)) ?? 'overview';

  const serverUnreachable = useSelector(connectivity, (state) => state.hasTag('unreachable'));
  // While the server cannot be reached the cached state is stale: it must not read as the vessel being offline.
  const banner = serverUnreachable ? SERVER_UNREACHABLE_BANNER : vesselBanner(vessel, alertsBannerMessage(alerts.data));
  const image = withSessionKey(vessel.imageUrl, sessionKey);

  return (
    <div className="page vessel">
      <header className="vessel__header">
        {image ? <img className="vessel__image" src={image} alt="" /> : null}
        <div>
          <h1>{vessel.name}</h1>
          <OnlineState online={vessel.online} lastSeen={vessel.lastSeen} />
        </div>
      </header>
      {banner ? (
        <VesselBannerView
          banner={banner}
          onPair={() => setPairing(true)}
          onOpenAlerts={() => void navigate({ to: VESSEL_TAB_ROUTES.alerts, params: { vesselId } })}
          onSubscribe={() => void navigate({ to: '/dashboard/vessels/$vesselId/subscribe', params: { vesselId } })}
        />
      ) : null}
      <nav className="tabs tabs--scroll" aria-label="Vessel sections">
        {tabs.map((tab) => (
          <Link
            key={tab}
            to={VESSEL_TAB_ROUTES[tab]}
            params={{ vesselId }}
            className="tabs__tab"
            activeProps={{ className: 'tabs__tab is-selected', 'aria-current': 'page' }}
          >
            {VESSEL_TAB_LABELS[tab]}
          </Link>
        ))}
      </nav>
      <section className="vessel__panel" aria-label={VESSEL_TAB_LABELS[shownTab]}>
        <RenderErrorBoundary key={shownTab} failure={{ kind: 'tab', name: VESSEL_TAB_LABELS[shownTab] }} onClose={() => void navigate({ to: '/' })}>
          <LiveStatusContext.Provider value={liveStatus}>{children}</LiveStatusContext.Provider>
        </RenderErrorBoundary>
      </section>
      {pairing ? <PairBridgeModal vesselId={vesselId} onClose={() => setPairing(false)} /> : null}
    </div>
  );
}
