import { createFileRoute } from '@tanstack/react-router';
import { ProductsPage } from '../../../../features/admin/ProductsPage';
import { validateListSearch, type ListSearch } from '../../../../features/admin/listSearch';
import { pageTitle } from '../../../../features/layout/documentTitle';
import { i18n } from '../../../../i18n';

/** Paging, sorting, search and filter live in the URL, so the view can be shared. */
export const Route = createFileRoute('/_authenticated/dashboard/admin/products')({
  head: () => pageTitle(i18n.t('common:titles.products')),
  validateSearch: validateListSearch,
  component: ProductsRoute,
});

function ProductsRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <ProductsPage search={search} setSearch={(patch) => void navigate({ search: (previous: ListSearch) => ({ ...previous, ...patch }), resetScroll: false })} />
  );
}
