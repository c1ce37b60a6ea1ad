import { createFileRoute } from '@tanstack/react-router';
import { FleetView } from '../../../features/vessels/FleetView';
import { vesselQueries } from '../../../features/vessels/queries';

export const Route = createFileRoute('/_authenticated/dashboard/')({
  loader: ({ context }) => context.queryClient.ensureQueryData(vesselQueries.list()),
  component: FleetView,
});
