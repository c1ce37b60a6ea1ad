import { createFileRoute } from '@tanstack/react-router';
import { ClientsPage } from '../../../../../features/organisation/ClientsPage';
import { pageTitle } from '../../../../../features/layout/documentTitle';
import { i18n } from '../../../../../i18n';

export const Route = createFileRoute('/_authenticated/dashboard/organisation/clients/')({
  head: () => pageTitle(i18n.t('common:titles.clients')),
  component: ClientsPage,
});
