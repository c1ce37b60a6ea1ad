import { createFileRoute } from '@tanstack/react-router';
import { ChartsPage } from '../../../features/charts/ChartsPage';
import { vesselQueries } from '../../../features/vessels/queries';
import { pageTitle } from '../../../features/layout/documentTitle';
import { i18n } from '../../../i18n';

interface ChartsSearch {
  /** The selected vessel: a new one resets the date and time selection (spec 4). */
  vessel?: number;
}

/** The fleet's chart view: a vessel's engines and generators over a chosen time range. */
export const Route = createFileRoute('/_authenticated/dashboard/charts')({
  head: () => pageTitle(i18n.t('common:titles.charts')),
  validateSearch: (search: Record<string, unknown>): ChartsSearch => {
    const vessel = Number(search.vessel);
    return Number.isInteger(vessel) && vessel > 0 ? { vessel } : {};
  },
  loader: ({ context }) => context.queryClient.ensureQueryData(vesselQueries.list()),
  component: ChartsRoute,
});

function ChartsRoute() {
  const { vessel } = Route.useSearch();
  const navigate = Route.useNavigate();
  return <ChartsPage vesselId={vessel} onVessel={(next) => void navigate({ search: { vessel: next } })} />;
}
