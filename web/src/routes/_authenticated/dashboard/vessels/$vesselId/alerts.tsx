import { createFileRoute } from '@tanstack/react-router';
import { AlertsTab } from '../../../../../features/alerts/AlertsTab';
import { alertQueries } from '../../../../../features/alerts/queries';
import { preload, requireVesselTab } from '../../../../../features/vessels/tabRoute';
import { atLeast } from '../../../../../features/vessels/types';
import { pageTitle } from '../../../../../features/layout/documentTitle';
import { VESSEL_TAB_LABELS } from '../../../../../features/vessels/tabs';

/** `?alert=`: the alarm whose detail and deliveries are open (where the links of alarm e-mails and push notifications land). */
interface AlertsSearch {
  alert?: number;
}

export const Route = createFileRoute('/_authenticated/dashboard/vessels/$vesselId/alerts')({
  validateSearch: (search: Record<string, unknown>): AlertsSearch => {
    const alert = Number(search.alert);
    return Number.isInteger(alert) && alert > 0 ? { alert } : {};
  },
  head: () => pageTitle(VESSEL_TAB_LABELS.alerts),
  loader: async ({ context: { queryClient }, params: { vesselId } }) => {
    const permissions = await requireVesselTab(queryClient, vesselId, 'alerts');
    await preload(queryClient, alertQueries.list(vesselId));
    return {
      canManage: atLeast(permissions.alertManager, 'MANAGE'),
      canSeeMembers: atLeast(permissions.userManager, 'VIEW'),
      canSeeDevices: atLeast(permissions.deviceManager, 'VIEW'),
    };
  },
  component: AlertsRoute,
});

function AlertsRoute() {
  const { vesselId } = Route.useParams();
  const { alert } = Route.useSearch();
  const { canManage, canSeeMembers, canSeeDevices } = Route.useLoaderData();
  return <AlertsTab vesselId={vesselId} alertId={alert} canManage={canManage} canSeeMembers={canSeeMembers} canSeeDevices={canSeeDevices} />;
}
