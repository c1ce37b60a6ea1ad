import { createFileRoute } from '@tanstack/react-router';
import { VesselDashboard } from '../../../../features/vessels/VesselDashboard';
import { vesselQueries } from '../../../../features/vessels/queries';
import { DEFAULT_VESSEL_TAB, matchVesselTab, type VesselTab } from '../../../../features/vessels/tabs';

interface VesselSearch {
  tab?: VesselTab;
}

export const Route = createFileRoute('/_authenticated/dashboard/vessels/$vesselId')({
  validateSearch: (search: Record<string, unknown>): VesselSearch => {
    const tab = matchVesselTab(search.tab);
    return tab === DEFAULT_VESSEL_TAB ? {} : { tab };
  },
  loader: ({ context, params }) => context.queryClient.ensureQueryData(vesselQueries.detail(params.vesselId)),
  component: VesselRoute,
});

function VesselRoute() {
  const { vesselId } = Route.useParams();
  const { tab = DEFAULT_VESSEL_TAB } = Route.useSearch();
  return <VesselDashboard vesselId={vesselId} tab={tab} />;
}
