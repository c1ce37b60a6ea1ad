import { createFileRoute } from '@tanstack/react-router';
import { useSuspenseQuery } from '@tanstack/react-query';
import { SettingsTab } from '../../../../../features/vessels/SettingsTab';
import { vesselQueries } from '../../../../../features/vessels/queries';
import { requireVesselTab } from '../../../../../features/vessels/tabRoute';

export const Route = createFileRoute('/_authenticated/dashboard/vessels/$vesselId/settings')({
  loader: ({ context: { queryClient }, params: { vesselId } }) => requireVesselTab(queryClient, vesselId, 'settings'),
  component: SettingsRoute,
});

function SettingsRoute() {
  const { vesselId } = Route.useParams();
  const { data: vessel } = useSuspenseQuery(vesselQueries.detail(vesselId));
  return <SettingsTab vesselId={vesselId} vessel={vessel} />;
}
