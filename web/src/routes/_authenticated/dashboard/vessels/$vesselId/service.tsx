import { createFileRoute } from '@tanstack/react-router';
import { serviceQueries } from '../../../../../features/service/queries';
import { ServiceTab } from '../../../../../features/service/ServiceTab';
import { preload, requireVesselTab } from '../../../../../features/vessels/tabRoute';
import { atLeast } from '../../../../../features/vessels/types';
import { pageTitle } from '../../../../../features/layout/documentTitle';
import { VESSEL_TAB_LABELS } from '../../../../../features/vessels/tabs';

export const Route = createFileRoute('/_authenticated/dashboard/vessels/$vesselId/service')({
  head: () => pageTitle(VESSEL_TAB_LABELS.service),
  loader: async ({ context: { queryClient }, params: { vesselId } }) => {
    const permissions = await requireVesselTab(queryClient, vesselId, 'service');
    await Promise.all([preload(queryClient, serviceQueries.schedule(vesselId)), preload(queryClient, serviceQueries.log(vesselId))]);
    return { canManage: atLeast(permissions.deviceManager, 'MANAGE'), canReadDocuments: atLeast(permissions.documents, 'VIEW') };
  },
  component: ServiceRoute,
});

function ServiceRoute() {
  const { vesselId } = Route.useParams();
  const { canManage, canReadDocuments } = Route.useLoaderData();
  return <ServiceTab vesselId={vesselId} canManage={canManage} canReadDocuments={canReadDocuments} />;
}
