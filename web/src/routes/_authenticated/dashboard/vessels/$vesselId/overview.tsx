import { createFileRoute } from '@tanstack/react-router';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { alertQueries } from '../../../../../features/alerts/queries';
import { deviceQueries } from '../../../../../features/devices/queries';
import { OverviewTab } from '../../../../../features/vessels/OverviewTab';
import { vesselQueries } from '../../../../../features/vessels/queries';
import { preload, requireVesselTab } from '../../../../../features/vessels/tabRoute';
import { atLeast, normalisePermissions } from '../../../../../features/vessels/types';
import { pageTitle } from '../../../../../features/layout/documentTitle';
import { VESSEL_TAB_LABELS, VESSEL_TABS, type VesselTab } from '../../../../../features/vessels/tabs';

export const Route = createFileRoute('/_authenticated/dashboard/vessels/$vesselId/overview')({
  head: () => pageTitle(VESSEL_TAB_LABELS.overview),
  /** The tab a link asked for that this person's access does not include. */
  validateSearch: (raw: Record<string, unknown>): { refused?: VesselTab } =>
    VESSEL_TABS.includes(raw.refused as VesselTab) ? { refused: raw.refused as VesselTab } : {},
  loader: async ({ context: { queryClient }, params: { vesselId } }) => {
    const permissions = await requireVesselTab(queryClient, vesselId, 'overview');
    await Promise.all([
      atLeast(permissions.deviceManager, 'VIEW') ? preload(queryClient, deviceQueries.list(vesselId)) : null,
      atLeast(permissions.alertManager, 'VIEW') ? preload(queryClient, alertQueries.list(vesselId)) : null,
    ]);
  },
  component: OverviewRoute,
});

function OverviewRoute() {
  const { t } = useTranslation();
  const { vesselId } = Route.useParams();
  const { data: vessel } = useSuspenseQuery(vesselQueries.detail(vesselId));
  const permissions = normalisePermissions(vessel.permissions);
  const { refused } = Route.useSearch();
  return (
    <>
      {refused ? (
        <p className="notice" role="status" data-testid="tab-refused">
          {t('overview.refused', { vessel: vessel.name, tab: VESSEL_TAB_LABELS[refused] })}
        </p>
      ) : null}
      <OverviewTab
        vesselId={vesselId}
        vessel={vessel}
        showDevices={atLeast(permissions.deviceManager, 'VIEW')}
        showAlerts={atLeast(permissions.alertManager, 'VIEW')}
      />
    </>
  );
}
