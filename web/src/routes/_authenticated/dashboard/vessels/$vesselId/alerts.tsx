import { createFileRoute } from '@tanstack/react-router';
import { AlertsTab } from '../../../../../features/alerts/AlertsTab';
import { alertQueries } from '../../../../../features/alerts/queries';
import { preload, requireVesselTab } from '../../../../../features/vessels/tabRoute';
import { atLeast } from '../../../../../features/vessels/types';

export const Route = createFileRoute('/_authenticated/dashboard/vessels/$vesselId/alerts')({
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
  const { canManage, canSeeMembers, canSeeDevices } = Route.useLoaderData();
  return <AlertsTab vesselId={vesselId} canManage={canManage} canSeeMembers={canSeeMembers} canSeeDevices={canSeeDevices} />;
}
