import { createFileRoute } from '@tanstack/react-router';
import { InvoicesPage } from '../../../../../features/billing/InvoicesPage';
import { pageTitle } from '../../../../../features/layout/documentTitle';

export const Route = createFileRoute('/_authenticated/dashboard/profile/invoices/')({
  head: () => pageTitle('Invoices'),
  component: InvoicesPage,
});
