import { useEffect, useState } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import { session } from '../../app/services';
import { AlertsTab } from '../alerts/AlertsTab';
import { alertQueries } from '../alerts/queries';
import { DevicesTab } from '../devices/DevicesTab';
import { DocumentsTab } from '../documents/DocumentsTab';
import { RenderErrorBoundary } from '../errors/RenderErrorBoundary';
import { useLiveStream } from '../live/useLiveStream';
import { LocationTab } from '../location/LocationTab';
import { UsersTab } from '../members/UsersTab';
import { NotesTab } from '../notes/NotesTab';
import { alertsBannerMessage, vesselBanner } from './banner';
import { OnlineState } from './OnlineState';
import { OverviewTab } from './OverviewTab';
import { PairBridgeModal } from './PairBridgeModal';
import { vesselQueries } from './queries';
import { selectedVessel } from './selectedVessel';
import { SettingsTab } from './SettingsTab';
import { canControlDevices, VESSEL_TAB_LABELS, visibleTabs, type VesselTab } from './tabs';
import { hasLevel, NO_PERMISSIONS } from './types';
import { VesselBannerView } from './VesselBannerView';
import { withSessionKey } from './vesselImage';

export function VesselDashboard({ vesselId, tab }: { vesselId: string; tab: VesselTab }) {
  const navigate = useNavigate();
  const { data: vessel } = useSuspenseQuery(vesselQueries.detail(vesselId));
  const sessionKey = useSelector(session, (state) => state.context.token);
  const liveStatus = useLiveStream(vesselId, sessionKey);
  const [pairing, setPairing] = useState(false);
  const permissions = { ...NO_PERMISSIONS, ...vessel.permissions };
  const tabs = visibleTabs(permissions);
  const shownTab = tabs.includes(tab) ? tab : 'OVERVIEW';
  const canSeeAlerts = hasLevel(permissions.alertManager, 'VIEW');
  const alerts = useQuery({ ...alertQueries.list(vesselId), enabled: canSeeAlerts });

  useEffect(() => {
    // The route's id, not the API's (which may be a number): clearing compares it with the URL.
    selectedVessel.select({ id: vesselId, name: vessel.name });
  }, [vesselId, vessel.name]);

  const banner = vesselBanner(vessel, alertsBannerMessage(alerts.data));
  const image = withSessionKey(vessel.imageUrl, sessionKey);
  const openTab = (next: VesselTab) => void navigate({ to: '/dashboard/vessels/$vesselId', params: { vesselId }, search: next === 'OVERVIEW' ? {} : { tab: next } });

  return (
    <div className="page vessel">
      <header className="vessel__header">
        {image ? <img className="vessel__image" src={image} alt="" /> : null}
        <div>
          <h1>{vessel.name}</h1>
          <OnlineState online={vessel.online} lastSeen={vessel.lastSeen} />
        </div>
      </header>
      {banner ? <VesselBannerView banner={banner} onPair={() => setPairing(true)} onOpenAlerts={() => openTab('ALERTS')} /> : null}
      <nav className="tabs tabs--scroll" aria-label="Vessel sections">
        {tabs.map((candidate) => (
          <Link
            key={candidate}
            to="/dashboard/vessels/$vesselId"
            params={{ vesselId }}
            search={candidate === 'OVERVIEW' ? {} : { tab: candidate }}
            className={`tabs__tab${candidate === shownTab ? ' is-selected' : ''}`}
            aria-current={candidate === shownTab ? 'page' : undefined}
          >
            {VESSEL_TAB_LABELS[candidate]}
          </Link>
        ))}
      </nav>
      <section className="vessel__panel" aria-label={VESSEL_TAB_LABELS[shownTab]}>
        <RenderErrorBoundary key={shownTab} failure={{ kind: 'tab', name: VESSEL_TAB_LABELS[shownTab] }} onClose={() => void navigate({ to: '/' })}>
          {shownTab === 'OVERVIEW' ? (
            <OverviewTab
              vesselId={vesselId}
              vessel={vessel}
              liveStatus={liveStatus}
              showDevices={hasLevel(permissions.deviceManager, 'VIEW')}
              showAlerts={canSeeAlerts}
            />
          ) : shownTab === 'DEVICES' ? (
            <DevicesTab vesselId={vesselId} mayControl={canControlDevices(permissions)} online={vessel.online} />
          ) : shownTab === 'ALERTS' ? (
            <AlertsTab vesselId={vesselId} canManage={hasLevel(permissions.alertManager, 'MANAGE')} />
          ) : shownTab === 'LOCATION' ? (
            <LocationTab vesselId={vesselId} canManageGeofence={hasLevel(permissions.securityManager, 'MANAGE')} />
          ) : shownTab === 'DOCUMENTS' ? (
            <DocumentsTab vesselId={vesselId} canManage={hasLevel(permissions.documents, 'MANAGE')} />
          ) : shownTab === 'NOTES' ? (
            <NotesTab vesselId={vesselId} />
          ) : shownTab === 'USERS' ? (
            <UsersTab vesselId={vesselId} canManage={hasLevel(permissions.userManager, 'MANAGE')} />
          ) : (
            <SettingsTab vesselId={vesselId} vessel={vessel} onPair={() => setPairing(true)} />
          )}
        </RenderErrorBoundary>
      </section>
      {pairing ? <PairBridgeModal vesselId={vesselId} onClose={() => setPairing(false)} /> : null}
    </div>
  );
}
