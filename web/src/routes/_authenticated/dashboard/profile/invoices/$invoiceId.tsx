import { createFileRoute } from '@tanstack/react-router';
import { InvoiceView } from '../../../../../features/billing/InvoiceView';
import { pageTitle } from '../../../../../features/layout/documentTitle';

export const Route = createFileRoute('/_authenticated/dashboard/profile/invoices/$invoiceId')({
  head: () => pageTitle('Invoice'),
  component: InvoiceRoute,
});

function InvoiceRoute() {
  const { invoiceId } = Route.useParams();
  return <InvoiceView invoiceId={Number(invoiceId)} />;
}
