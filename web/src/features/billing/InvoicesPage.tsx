import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { failureMessage } from '../../lib/failureMessage';
import { DelayedSpinner } from '../loading/DelayedSpinner';
import { useFormatters } from '../profile/usePreferences';
import { billingQueries, formatMoney, type Invoice } from './queries';
import './billing.css';
import { RetryButton } from '../errors/RetryButton';

export const INVOICE_KINDS: Record<Invoice['kind'], string> = { subscription: 'Subscription', change: 'Products added', renewal: 'Renewal' };

/** Profile, Invoices: every payment the user made, newest first, each opening its printable invoice. */
export function InvoicesPage() {
  const format = useFormatters();
  const invoices = useQuery(billingQueries.invoices());
  return (
    <section className="card" aria-labelledby="invoices-title">
      <h2 id="invoices-title">Invoices</h2>
      <DelayedSpinner loading={invoices.isPending} label="Loading the invoices…" />
      {invoices.isError ? (
        <p className="form-error" role="alert">
          The invoices could not be loaded: {failureMessage(invoices.error)} <RetryButton error={invoices.error} onRetry={() => invoices.refetch()} />
        </p>
      ) : null}
      {invoices.isSuccess && invoices.data.length === 0 ? <p className="empty-state">No payments yet.</p> : null}
      <ul className="billing-list">
        {(invoices.data ?? []).map((invoice) => (
          <li key={invoice.id}>
            <span>
              <Link to="/dashboard/profile/invoices/$invoiceId" params={{ invoiceId: String(invoice.id) }}>
                {invoice.number}
              </Link>{' '}
              · {format.date(invoice.issuedAt)} · {invoice.vesselName} · {INVOICE_KINDS[invoice.kind]}
              {invoice.refundedAt ? <span className="text-warning"> · refunded</span> : null}
            </span>
            <strong className="product-choice__price">{formatMoney(invoice.totalPence, invoice.currency)}</strong>
          </li>
        ))}
      </ul>
    </section>
  );
}
