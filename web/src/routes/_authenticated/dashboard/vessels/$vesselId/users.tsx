import { createFileRoute } from '@tanstack/react-router';
import { UsersTab } from '../../../../../features/members/UsersTab';
import { memberQueries } from '../../../../../features/members/queries';
import { VesselThreads } from '../../../../../features/messages/VesselThreads';
import { preload, requireVesselTab } from '../../../../../features/vessels/tabRoute';
import { atLeast } from '../../../../../features/vessels/types';
import { pageTitle } from '../../../../../features/layout/documentTitle';
import { VESSEL_TAB_LABELS } from '../../../../../features/vessels/tabs';

export const Route = createFileRoute('/_authenticated/dashboard/vessels/$vesselId/users')({
  head: () => pageTitle(VESSEL_TAB_LABELS.users),
  loader: async ({ context: { queryClient }, params: { vesselId } }) => {
    const permissions = await requireVesselTab(queryClient, vesselId, 'users');
    await preload(queryClient, memberQueries.directory(vesselId));
    const canManage = atLeast(permissions.userManager, 'MANAGE');
    if (canManage) await preload(queryClient, memberQueries.accessRequests(vesselId));
    return { canManage, canGrantCompanies: canManage && permissions.allowGrantTechnicalAccess };
  },
  component: UsersRoute,
});

function UsersRoute() {
  const { vesselId } = Route.useParams();
  const { canManage, canGrantCompanies } = Route.useLoaderData();
  return (
    <>
      <UsersTab vesselId={vesselId} canManage={canManage} canGrantCompanies={canGrantCompanies} />
      <VesselThreads vesselId={vesselId} />
    </>
  );
}
