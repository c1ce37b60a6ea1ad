import { createFileRoute } from '@tanstack/react-router';
import { InvoiceView } from '../../../../../features/billing/InvoiceView';
import { pageTitle } from '../../../../../features/layout/documentTitle';
import { i18n } from '../../../../../i18n';

export const Route = createFileRoute('/_authenticated/dashboard/profile/invoices/$invoiceId')({
  head: () => pageTitle(i18n.t('common:titles.invoice')),
  component: InvoiceRoute,
});

function InvoiceRoute() {
  const { invoiceId } = Route.useParams();
  return <InvoiceView invoiceId={Number(invoiceId)} />;
}
