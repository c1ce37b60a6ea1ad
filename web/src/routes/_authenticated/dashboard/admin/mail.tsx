import { createFileRoute } from '@tanstack/react-router';
import { MailPage } from '../../../../features/admin/MailPage';
import { validateListSearch, type ListSearch } from '../../../../features/admin/listSearch';
import { pageTitle } from '../../../../features/layout/documentTitle';
import { i18n } from '../../../../i18n';

/** Paging, sorting, search, filter and the open mail live in the URL, so the view can be shared. */
export const Route = createFileRoute('/_authenticated/dashboard/admin/mail')({
  head: () => pageTitle(i18n.t('common:titles.mailOutbox')),
  validateSearch: validateListSearch,
  component: MailRoute,
});

function MailRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <MailPage search={search} setSearch={(patch) => void navigate({ search: (previous: ListSearch) => ({ ...previous, ...patch }), resetScroll: false })} />
  );
}
