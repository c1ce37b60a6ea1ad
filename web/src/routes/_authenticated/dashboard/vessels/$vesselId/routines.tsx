import { createFileRoute } from '@tanstack/react-router';
import { routineQueries } from '../../../../../features/routines/queries';
import { RoutinesTab } from '../../../../../features/routines/RoutinesTab';
import { vesselQueries } from '../../../../../features/vessels/queries';
import { preload, requireVesselTab } from '../../../../../features/vessels/tabRoute';
import { atLeast, normalisePermissions } from '../../../../../features/vessels/types';
import { useQuery } from '@tanstack/react-query';
import { pageTitle } from '../../../../../features/layout/documentTitle';
import { VESSEL_TAB_LABELS } from '../../../../../features/vessels/tabs';

export const Route = createFileRoute('/_authenticated/dashboard/vessels/$vesselId/routines')({
  head: () => pageTitle(VESSEL_TAB_LABELS.routines),
  loader: async ({ context: { queryClient }, params: { vesselId } }) => {
    await requireVesselTab(queryClient, vesselId, 'routines');
    await preload(queryClient, routineQueries.list(vesselId));
  },
  component: RoutinesRoute,
});

function RoutinesRoute() {
  const { vesselId } = Route.useParams();
  const vessel = useQuery(vesselQueries.detail(vesselId));
  const permissions = normalisePermissions(vessel.data?.permissions);
  return (
    <RoutinesTab vesselId={vesselId} canManage={atLeast(permissions.routineManager, 'MANAGE')} canSeeDevices={atLeast(permissions.deviceManager, 'VIEW')} />
  );
}
