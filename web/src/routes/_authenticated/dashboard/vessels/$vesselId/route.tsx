import { createFileRoute, Outlet } from '@tanstack/react-router';
import { vesselIdParams } from '../../../../../features/vessels/params';
import { VesselPage } from '../../../../../features/vessels/VesselPage';
import { vesselKeys, vesselQueries } from '../../../../../features/vessels/queries';
import { pageTitle } from '../../../../../features/layout/documentTitle';

/** The selected vessel is this route's param: leaving the route clears it and its cached data (spec 4). */
export const Route = createFileRoute('/_authenticated/dashboard/vessels/$vesselId')({
  params: vesselIdParams,
  loader: ({ context, params }) => context.queryClient.ensureQueryData(vesselQueries.detail(params.vesselId)),
  onLeave: ({ context, params }) => context.queryClient.removeQueries({ queryKey: vesselKeys.detail(params.vesselId) }),
  // After the loader: TypeScript infers loaderData from it.
  head: ({ loaderData }) => pageTitle(loaderData?.name),
  component: VesselRoute,
});

function VesselRoute() {
  const { vesselId } = Route.useParams();
  return (
    <VesselPage vesselId={vesselId}>
      <Outlet />
    </VesselPage>
  );
}
