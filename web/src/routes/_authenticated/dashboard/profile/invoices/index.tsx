import { createFileRoute } from '@tanstack/react-router';
import { InvoicesPage } from '../../../../../features/billing/InvoicesPage';
import { pageTitle } from '../../../../../features/layout/documentTitle';
import { i18n } from '../../../../../i18n';

export const Route = createFileRoute('/_authenticated/dashboard/profile/invoices/')({
  head: () => pageTitle(i18n.t('common:titles.invoices')),
  component: InvoicesPage,
});
