import { createFileRoute } from '@tanstack/react-router';
import { InvoiceView } from '../../../../../features/billing/InvoiceView';

export const Route = createFileRoute('/_authenticated/dashboard/profile/invoices/$invoiceId')({
  component: InvoiceRoute,
});

function InvoiceRoute() {
  const { invoiceId } = Route.useParams();
  return <InvoiceView invoiceId={Number(invoiceId)} />;
}
