import { createFileRoute } from '@tanstack/react-router';
import { CamerasTab } from '../../../../../features/cameras/CamerasTab';
import { cameraQueries } from '../../../../../features/cameras/queries';
import { preload, requireVesselTab } from '../../../../../features/vessels/tabRoute';
import { atLeast } from '../../../../../features/vessels/types';
import { pageTitle } from '../../../../../features/layout/documentTitle';
import { VESSEL_TAB_LABELS } from '../../../../../features/vessels/tabs';

export const Route = createFileRoute('/_authenticated/dashboard/vessels/$vesselId/cameras')({
  head: () => pageTitle(VESSEL_TAB_LABELS.cameras),
  loader: async ({ context: { queryClient }, params: { vesselId } }) => {
    const permissions = await requireVesselTab(queryClient, vesselId, 'cameras');
    await preload(queryClient, cameraQueries.list(vesselId));
    return { canManage: atLeast(permissions.securityManager, 'MANAGE') };
  },
  component: CamerasRoute,
});

function CamerasRoute() {
  const { vesselId } = Route.useParams();
  const { canManage } = Route.useLoaderData();
  return <CamerasTab vesselId={vesselId} canManage={canManage} />;
}
