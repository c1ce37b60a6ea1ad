import { createFileRoute } from '@tanstack/react-router';
import { LocationTab } from '../../../../../features/location/LocationTab';
import { DEFAULT_TRACK_PERIOD, locationQueries } from '../../../../../features/location/queries';
import { preload, requireVesselTab } from '../../../../../features/vessels/tabRoute';
import { atLeast } from '../../../../../features/vessels/types';
import { pageTitle } from '../../../../../features/layout/documentTitle';
import { VESSEL_TAB_LABELS } from '../../../../../features/vessels/tabs';

export const Route = createFileRoute('/_authenticated/dashboard/vessels/$vesselId/location')({
  head: () => pageTitle(VESSEL_TAB_LABELS.location),
  loader: async ({ context: { queryClient }, params: { vesselId } }) => {
    const permissions = await requireVesselTab(queryClient, vesselId, 'location');
    await Promise.all([
      preload(queryClient, locationQueries.current(vesselId)),
      preload(queryClient, locationQueries.track(vesselId, DEFAULT_TRACK_PERIOD)),
      preload(queryClient, locationQueries.geofence(vesselId)),
    ]);
    return { canManageGeofence: atLeast(permissions.securityManager, 'MANAGE'), canSeeMembers: atLeast(permissions.userManager, 'VIEW') };
  },
  component: LocationRoute,
});

function LocationRoute() {
  const { vesselId } = Route.useParams();
  const { canManageGeofence, canSeeMembers } = Route.useLoaderData();
  return <LocationTab vesselId={vesselId} canManageGeofence={canManageGeofence} canSeeMembers={canSeeMembers} />;
}
