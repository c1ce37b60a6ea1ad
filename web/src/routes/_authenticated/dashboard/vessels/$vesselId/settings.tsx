import { createFileRoute } from '@tanstack/react-router';
import { useSuspenseQuery } from '@tanstack/react-query';
import { AppSettingsSection } from '../../../../../features/appSettings/AppSettingsSection';
import { AlarmSettings } from '../../../../../features/alerts/AlarmSettings';
import { BridgeSection } from '../../../../../features/bridge/BridgeSection';
import { InterfacesSection } from '../../../../../features/interfaces/InterfacesSection';
import { ReportingSwitches } from '../../../../../features/vessels/ReportingSwitches';
import { SettingsTab } from '../../../../../features/vessels/SettingsTab';
import { TransferSection } from '../../../../../features/transfer/TransferSection';
import { ExportSection } from '../../../../../features/export/ExportSection';
import { vesselQueries } from '../../../../../features/vessels/queries';
import { atLeast, normalisePermissions } from '../../../../../features/vessels/types';
import { canControlDevices } from '../../../../../features/vessels/tabs';
import { requireVesselTab } from '../../../../../features/vessels/tabRoute';
import { pageTitle } from '../../../../../features/layout/documentTitle';
import { VESSEL_TAB_LABELS } from '../../../../../features/vessels/tabs';

export const Route = createFileRoute('/_authenticated/dashboard/vessels/$vesselId/settings')({
  head: () => pageTitle(VESSEL_TAB_LABELS.settings),
  loader: ({ context: { queryClient }, params: { vesselId } }) => requireVesselTab(queryClient, vesselId, 'settings'),
  component: SettingsRoute,
});

function SettingsRoute() {
  const { vesselId } = Route.useParams();
  const { data: vessel } = useSuspenseQuery(vesselQueries.detail(vesselId));
  const permissions = normalisePermissions(vessel.permissions);
  const devices = permissions.deviceManager;
  return (
    <>
      <SettingsTab vesselId={vesselId} vessel={vessel} />
      {vessel.role === 'owner' ? <TransferSection vesselId={vesselId} vesselName={vessel.name} /> : null}
      <ReportingSwitches vesselId={vesselId} vessel={vessel} />
      {vessel.reportingClient && atLeast(devices, 'VIEW') ? (
        <BridgeSection
          vesselId={vesselId}
          serial={vessel.reportingClient.serial}
          canManage={atLeast(devices, 'MANAGE')}
          canControl={atLeast(devices, 'MANAGE') && canControlDevices(permissions)}
        />
      ) : null}
      <AlarmSettings vesselId={vesselId} permissions={vessel.permissions} />
      {vessel.role === 'owner' || atLeast(permissions.userManager, 'MANAGE') ? <ExportSection vesselId={vesselId} vesselName={vessel.name} /> : null}
      {atLeast(devices, 'VIEW') ? <AppSettingsSection vesselId={vesselId} canManage={atLeast(devices, 'MANAGE')} /> : null}
      {atLeast(devices, 'VIEW') ? <InterfacesSection vesselId={vesselId} canManage={atLeast(devices, 'MANAGE')} /> : null}
    </>
  );
}
