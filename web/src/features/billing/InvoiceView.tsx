import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from '@tanstack/react-router';
import { failureMessage } from '../../lib/failureMessage';
import { DelayedSpinner } from '../loading/DelayedSpinner';
import { useFormatters } from '../profile/usePreferences';
import { INVOICE_KINDS } from './InvoicesPage';
import { billingQueries, formatMoney } from './queries';
import './billing.css';

/** One invoice, laid out for printing (the browser's print hides the app around it). */
export function InvoiceView({ invoiceId }: { invoiceId: number }) {
  const { t } = useTranslation('billing');
  const format = useFormatters();
  const invoice = useQuery(billingQueries.invoice(invoiceId));
  if (invoice.isPending) return <DelayedSpinner loading label={t('invoice.loading')} />;
  if (invoice.isError)
    return (
      <p className="form-error" role="alert">
        {t('invoice.loadFailed', { reason: failureMessage(invoice.error) })} <Link to="/dashboard/profile/invoices">{t('invoice.back')}</Link>
      </p>
    );
  const i = invoice.data;
  const money = (pence: number) => formatMoney(pence, i.currency);
  return (
    <article className="card invoice" aria-labelledby="invoice-title">
      <div className="button-row no-print">
        <Link to="/dashboard/profile/invoices" className="button button--small">
          {t('invoice.back')}
        </Link>
        <button type="button" className="button button--small button--primary" onClick={() => window.print()}>
          {t('invoice.print')}
        </button>
      </div>
      <h2 id="invoice-title">{t('invoice.title', { number: i.number })}</h2>
      <p>{t('invoice.seller', { name: i.seller.name, address: i.seller.address, vatNumber: i.seller.vatNumber })}</p>
      <dl className="key-figures">
        <div>
          <dt>{t('invoice.date')}</dt>
          <dd>{format.date(i.issuedAt)}</dd>
        </div>
        <div>
          <dt>{t('invoice.vessel')}</dt>
          <dd>{i.vesselName}</dd>
        </div>
        <div>
          <dt>{t('invoice.for')}</dt>
          <dd>{INVOICE_KINDS[i.kind]}</dd>
        </div>
        <div>
          <dt>{t('invoice.paidWith')}</dt>
          <dd>{i.card}</dd>
        </div>
      </dl>
      <table>
        <caption className="visually-hidden">{t('invoice.lines', { number: i.number })}</caption>
        <thead>
          <tr>
            <th scope="col">{t('invoice.product')}</th>
            <th scope="col">{t('invoice.period')}</th>
            <th scope="col" className="amount">
              {t('invoice.amount')}
            </th>
          </tr>
        </thead>
        <tbody>
          {i.lines.map((line) => (
            <tr key={`${line.productId}-${line.from}`}>
              <td>{line.name}</td>
              <td>{t('invoice.periodRange', { from: format.date(line.from), until: format.date(line.until) })}</td>
              <td className="amount">{money(line.amountPence)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={2}>
              {t('invoice.net')}
            </th>
            <td className="amount">{money(i.netPence)}</td>
          </tr>
          <tr>
            <th scope="row" colSpan={2}>
              {t('invoice.vat', { percent: i.vatPercent })}
            </th>
            <td className="amount">{money(i.vatPence)}</td>
          </tr>
          <tr>
            <th scope="row" colSpan={2}>
              {t('invoice.total')}
            </th>
            <td className="amount">
              <strong>{money(i.totalPence)}</strong>
            </td>
          </tr>
        </tfoot>
      </table>
      {i.refundedAt ? <p className="text-warning">{t('invoice.refunded', { date: format.date(i.refundedAt) })}</p> : null}
    </article>
  );
}
