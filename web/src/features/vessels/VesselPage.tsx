import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { i18n } from '../../i18n';
import { useQuery, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { LastKnown, lastFetchFailed } from '../offline/LastKnown';
import { useSelector } from '@xstate/react';
import { connectivity, session, streamHealth } from '../../app/services';
import { AlarmBanner } from '../alerts/AlarmBanner';
import { alertQueries } from '../alerts/queries';
import { deviceQueries } from '../devices/queries';
import { bannerAlarms } from '../alerts/types';
import { cloudServicesOff } from '../billing/CloudServicesNotice';
import { RenderErrorBoundary } from '../errors/RenderErrorBoundary';
import { LiveStatusContext } from '../live/LiveStatus';
import { useLiveStream } from '../live/useLiveStream';
import { alertsBannerMessage, vesselBanner, type VesselBanner } from './banner';
import { MessageDealerLink } from '../messages/MessageDealerLink';
import { OnlineState } from './OnlineState';
import { useFormatters } from '../profile/usePreferences';
import { PairBridgeModal } from './PairBridgeModal';
import { vesselQueries } from './queries';
import { sessionQueries } from '../session/queries';
import { VESSEL_TAB_LABELS, visibleTabs, type VesselTab } from './tabs';
import { atLeast, normalisePermissions } from './types';
import { VesselBannerView } from './VesselBannerView';
import { useFixedLink } from '../links/useLink';
import { imageSlotOf, useScreenSetting } from '../appSettings/screenSetting';
import { useTheme } from '../theme/theme';
import './vessels.css';

/** Every tab is a child route; the links are typed by the route tree. */
export const VESSEL_TAB_ROUTES = {
  overview: '/dashboard/vessels/$vesselId/overview',
  devices: '/dashboard/vessels/$vesselId/devices',
  alerts: '/dashboard/vessels/$vesselId/alerts',
  routines: '/dashboard/vessels/$vesselId/routines',
  location: '/dashboard/vessels/$vesselId/location',
  cameras: '/dashboard/vessels/$vesselId/cameras',
  documents: '/dashboard/vessels/$vesselId/documents',
  service: '/dashboard/vessels/$vesselId/service',
  notes: '/dashboard/vessels/$vesselId/notes',
  users: '/dashboard/vessels/$vesselId/users',
  log: '/dashboard/vessels/$vesselId/log',
  settings: '/dashboard/vessels/$vesselId/settings',
} as const satisfies Record<VesselTab, string>;

const serverUnreachableBanner = (): VesselBanner => ({
  kind: 'MESSAGE',
  type: 'WARNING',
  text: i18n.t('vessels:banner.serverUnreachable'),
  icon: 'offline',
});

/** The vessel page around its tabs: header, status banner, tab links and the live stream that keeps every tab current. */
export function VesselPage({ vesselId, children }: { vesselId: number; children: ReactNode }) {
  const navigate = useNavigate();
  const { t } = useTranslation('vessels');
  const { pathname } = useLocation();
  const detail = useSuspenseQuery(vesselQueries.detail(vesselId));
  const vessel = detail.data;
  const sessionKey = useSelector(session, (state) => state.context.token);
  // An unsubscribed vessel past its test period has no live stream (the server answers 418): none is opened.
  const liveStatus = useLiveStream(vesselId, cloudServicesOff(vessel) ? null : sessionKey, streamHealth);
  const [pairing, setPairing] = useState(false);
  const permissions = normalisePermissions(vessel.permissions);
  const tabs = visibleTabs(permissions);
  const alerts = useQuery({ ...alertQueries.list(vesselId), enabled: atLeast(permissions.alertManager, 'VIEW') });
  // A tab's own pages (the alerts' monthly report) stay under the tab.
  const shownTab = tabs.find((tab) => pathname.endsWith(`/${tab}`) || pathname.includes(`/${tab}/`)) ?? 'overview';
  const tabStrip = useRef<HTMLElement>(null);
  const format = useFormatters();
  // At phone width the tabs scroll sideways: the selected one is brought into view.
  useEffect(() => {
    tabStrip.current?.querySelector('[aria-current="page"]')?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [shownTab]);

  const serverUnreachable = useSelector(connectivity, (state) => state.hasTag('unreachable'));
  // While the server cannot be reached the cached state is stale: it must not read as the vessel being offline.
  // Unacknowledged alarms and emergencies have their own banner; the rest of the active alerts may take the status banner.
  const shouting = new Set(bannerAlarms(alerts.data).map((alert) => alert.id));
  const otherAlerts = alerts.data?.filter((alert) => !shouting.has(alert.id));
  const me = useQuery(sessionQueries.user()).data;
  const banner = serverUnreachable
    ? serverUnreachableBanner()
    : vesselBanner(vessel, alertsBannerMessage(otherAlerts), {
        canPair: me?.id === vessel.ownerId,
        canSubscribe: atLeast(permissions.billingManager, 'MANAGE'),
      });
  const image = useFixedLink(vessel.imageUrl ?? null);
  // What the page last heard about the vessel: its details, or a live value (kept in the devices query, also in the offline copy).
  const devicesUpdatedAt = useQueryClient().getQueryState(deviceQueries.list(vesselId).queryKey)?.dataUpdatedAt ?? 0;
  const lastKnownAt = Math.max(detail.dataUpdatedAt, devicesUpdatedAt, liveStatus.lastValueAt ?? 0);
  // The background of the app setting this screen shows, for the theme and the orientation.
  const screen = useScreenSetting(vesselId);
  const themeName = useTheme();
  const portrait = usePortrait();
  const background = useFixedLink(screen?.images[imageSlotOf(themeName === 'dark' ? 'dark' : 'light', portrait)] ?? null);

  return (
    <div
      className={`page vessel${background ? ' vessel--backdrop' : ''}`}
      style={background ? { backgroundImage: `url(${JSON.stringify(background)})` } : undefined}
      data-screen-setting={screen?.name}
    >
      <header className="vessel__header">
        {image ? <img className="vessel__image" src={image} alt="" /> : null}
        <div>
          <h1>{vessel.name}</h1>
          <OnlineState online={vessel.online} lastSeen={vessel.lastSeen} />
          {vessel.accessUntil ? (
            <p className="muted" data-testid="access-until">
              {t('page.accessUntil', { until: format.dateTime(vessel.accessUntil) })}
            </p>
          ) : null}
          <LastKnown updatedAt={lastKnownAt} failing={lastFetchFailed(detail)} />
          {liveStatus.catchingUp ? (
            <span className="online-state is-catching-up" role="status">
              <span className="online-state__dot" aria-hidden="true" />
              {t('page.catchingUp')}
            </span>
          ) : null}
        </div>
        <MessageDealerLink vesselId={vesselId} ownerId={vessel.ownerId} />
      </header>
      <AlarmBanner vesselId={vesselId} alerts={alerts.data} canManage={atLeast(permissions.alertManager, 'MANAGE')} />
      {banner ? (
        <VesselBannerView
          banner={banner}
          onPair={() => setPairing(true)}
          onOpenAlerts={() => void navigate({ to: VESSEL_TAB_ROUTES.alerts, params: { vesselId } })}
          onSubscribe={() => void navigate({ to: '/dashboard/vessels/$vesselId/subscribe', params: { vesselId } })}
        />
      ) : null}
      <nav className="tabs tabs--scroll" aria-label={t('page.sections')} ref={tabStrip}>
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

/** Whether the screen is taller than wide (an app setting has a background for each orientation). */
function usePortrait(): boolean {
  const [portrait, setPortrait] = useState(() => typeof window !== 'undefined' && window.matchMedia('(orientation: portrait)').matches);
  useEffect(() => {
    const query = window.matchMedia('(orientation: portrait)');
    const changed = () => setPortrait(query.matches);
    query.addEventListener('change', changed);
    return () => query.removeEventListener('change', changed);
  }, []);
  return portrait;
}
