import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { i18n, labelsOf } from '../../i18n';
import { Link } from '@tanstack/react-router';
import { failureMessage } from '../../lib/failureMessage';
import { DelayedSpinner } from '../loading/DelayedSpinner';
import { useFormatters } from '../profile/usePreferences';
import { billingQueries, formatMoney, type Invoice } from './queries';
import './billing.css';
import { RetryButton } from '../errors/RetryButton';

export const INVOICE_KINDS: Record<Invoice['kind'], string> = labelsOf(['subscription', 'change', 'renewal'] as const, (kind) =>
  i18n.t(`billing:invoiceKinds.${kind}`),
);

/** Profile, Invoices: every payment the user made, newest first, each opening its printable invoice. */
export function InvoicesPage() {
  const { t } = useTranslation('billing');
  const format = useFormatters();
  const invoices = useQuery(billingQueries.invoices());
  return (
    <section className="card" aria-labelledby="invoices-title">
      <h2 id="invoices-title">{t('invoices.title')}</h2>
      <DelayedSpinner loading={invoices.isPending} label={t('invoices.loading')} />
      {invoices.isError ? (
        <p className="form-error" role="alert">
          {t('invoices.loadFailed', { reason: failureMessage(invoices.error) })} <RetryButton error={invoices.error} onRetry={() => invoices.refetch()} />
        </p>
      ) : null}
      {invoices.isSuccess && invoices.data.length === 0 ? <p className="empty-state">{t('invoices.empty')}</p> : null}
      <ul className="billing-list">
        {(invoices.data ?? []).map((invoice) => (
          <li key={invoice.id}>
            <span>
              <Link to="/dashboard/profile/invoices/$invoiceId" params={{ invoiceId: String(invoice.id) }}>
                {invoice.number}
              </Link>{' '}
              · {format.date(invoice.issuedAt)} · {invoice.vesselName} · {INVOICE_KINDS[invoice.kind]}
              {invoice.refundedAt ? <span className="text-warning"> · {t('invoices.refunded')}</span> : null}
            </span>
            <strong className="product-choice__price">{formatMoney(invoice.totalPence, invoice.currency)}</strong>
          </li>
        ))}
      </ul>
    </section>
  );
}
