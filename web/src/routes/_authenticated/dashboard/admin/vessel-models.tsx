import { createFileRoute } from '@tanstack/react-router';
import { VesselModelsPage } from '../../../../features/admin/VesselModelsPage';
import { validateListSearch, type ListSearch } from '../../../../features/admin/listSearch';
import { pageTitle } from '../../../../features/layout/documentTitle';
import { i18n } from '../../../../i18n';

/** Paging, sorting, search and filter live in the URL, so the view can be shared. */
export const Route = createFileRoute('/_authenticated/dashboard/admin/vessel-models')({
  head: () => pageTitle(i18n.t('common:titles.vesselModels')),
  validateSearch: validateListSearch,
  component: VesselModelsRoute,
});

function VesselModelsRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <VesselModelsPage
      search={search}
      setSearch={(patch) => void navigate({ search: (previous: ListSearch) => ({ ...previous, ...patch }), resetScroll: false })}
    />
  );
}
