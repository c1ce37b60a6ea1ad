import { useState } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { cloudServicesOff } from '../../../../../features/billing/CloudServicesNotice';
import { LapsedValuesNotice } from '../../../../../features/billing/LapsedValuesNotice';
import { useScreenSetting } from '../../../../../features/appSettings/screenSetting';
import { BusView } from '../../../../../features/devices/BusView';
import { DevicesTab } from '../../../../../features/devices/DevicesTab';
import { deviceQueries } from '../../../../../features/devices/queries';
import { GaugeDashboard } from '../../../../../features/simpleDevices/GaugeDashboard';
import { SimpleDevicesEditor } from '../../../../../features/simpleDevices/SimpleDevicesEditor';
import { vesselQueries } from '../../../../../features/vessels/queries';
import { preload, requireVesselTab } from '../../../../../features/vessels/tabRoute';
import { canControlDevices, VESSEL_TAB_LABELS } from '../../../../../features/vessels/tabs';
import { atLeast, normalisePermissions } from '../../../../../features/vessels/types';
import { pageTitle } from '../../../../../features/layout/documentTitle';

export const Route = createFileRoute('/_authenticated/dashboard/vessels/$vesselId/devices')({
  head: () => pageTitle(VESSEL_TAB_LABELS.devices),
  loader: async ({ context: { queryClient }, params: { vesselId } }) => {
    await requireVesselTab(queryClient, vesselId, 'devices');
    await preload(queryClient, deviceQueries.list(vesselId));
  },
  component: DevicesRoute,
});

/** The bridge's devices, the owner's own simple devices, the gauges made of their fields, and what each bus carries. */
const DEVICES_VIEWS = ['bridge', 'mine', 'gauges', 'buses'] as const;
type DevicesView = (typeof DEVICES_VIEWS)[number];

function DevicesRoute() {
  const { t } = useTranslation();
  const { vesselId } = Route.useParams();
  const { data: vessel } = useSuspenseQuery(vesselQueries.detail(vesselId));
  const permissions = normalisePermissions(vessel.permissions);
  const canManage = atLeast(permissions.deviceManager, 'MANAGE');
  const [view, setView] = useState<DevicesView>('bridge');
  const screen = useScreenSetting(vesselId);
  return (
    <>
      <div className="segmented segmented--wrap" role="group" aria-label={t('devicesViews.label')}>
        {DEVICES_VIEWS.map((option) => (
          <button
            key={option}
            type="button"
            className={`segmented__item${view === option ? ' is-selected' : ''}`}
            aria-pressed={view === option}
            onClick={() => setView(option)}
          >
            {t(`devicesViews.${option}`)}
          </button>
        ))}
      </div>
      <LapsedValuesNotice vesselId={vesselId} vessel={vessel} />
      {view === 'gauges' ? <GaugeDashboard vesselId={vesselId} /> : null}
      {view === 'buses' ? <BusView vesselId={vesselId} /> : null}
      {view === 'mine' ? <SimpleDevicesEditor vesselId={vesselId} canManage={canManage} /> : null}
      {view === 'bridge' ? (
        <DevicesTab
          vesselId={vesselId}
          mayControl={canControlDevices(permissions)}
          online={vessel.online}
          canEditLevels={canManage}
          canSeeAlerts={atLeast(permissions.alertManager, 'VIEW')}
          servicesOff={cloudServicesOff(vessel)}
          screen={screen}
        />
      ) : null}
    </>
  );
}
