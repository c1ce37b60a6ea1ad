import { createFileRoute } from '@tanstack/react-router';
import { useSuspenseQuery } from '@tanstack/react-query';
import { DevicesTab } from '../../../../../features/devices/DevicesTab';
import { deviceQueries } from '../../../../../features/devices/queries';
import { vesselQueries } from '../../../../../features/vessels/queries';
import { preload, requireVesselTab } from '../../../../../features/vessels/tabRoute';
import { canControlDevices } from '../../../../../features/vessels/tabs';
import { normalisePermissions } from '../../../../../features/vessels/types';

export const Route = createFileRoute('/_authenticated/dashboard/vessels/$vesselId/devices')({
  loader: async ({ context: { queryClient }, params: { vesselId } }) => {
    await requireVesselTab(queryClient, vesselId, 'devices');
    await preload(queryClient, deviceQueries.list(vesselId));
  },
  component: DevicesRoute,
});

function DevicesRoute() {
  const { vesselId } = Route.useParams();
  const { data: vessel } = useSuspenseQuery(vesselQueries.detail(vesselId));
  return <DevicesTab vesselId={vesselId} mayControl={canControlDevices(normalisePermissions(vessel.permissions))} online={vessel.online} />;
}
