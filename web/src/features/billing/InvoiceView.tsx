import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { failureMessage } from '../../lib/failureMessage';
import { DelayedSpinner } from '../loading/DelayedSpinner';
import { useFormatters } from '../profile/usePreferences';
import { INVOICE_KINDS } from './InvoicesPage';
import { billingQueries, formatMoney } from './queries';
import './billing.css';

/** One invoice, laid out for printing (the browser's print hides the app around it). */
export function InvoiceView({ invoiceId }: { invoiceId: number }) {
  const format = useFormatters();
  const invoice = useQuery(billingQueries.invoice(invoiceId));
  if (invoice.isPending) return <DelayedSpinner loading label="Loading the invoice…" />;
  if (invoice.isError)
    return (
      <p className="form-error" role="alert">
        The invoice could not be loaded: {failureMessage(invoice.error)} <Link to="/dashboard/profile/invoices">Back to the invoices</Link>
      </p>
    );
  const i = invoice.data;
  const money = (pence: number) => formatMoney(pence, i.currency);
  return (
    <article className="card invoice" aria-labelledby="invoice-title">
      <div className="button-row no-print">
        <Link to="/dashboard/profile/invoices" className="button button--small">
          Back to the invoices
        </Link>
        <button type="button" className="button button--small button--primary" onClick={() => window.print()}>
          Print
        </button>
      </div>
      <h2 id="invoice-title">Invoice {i.number}</h2>
      <p>
        {i.seller.name}, {i.seller.address} · VAT {i.seller.vatNumber}
      </p>
      <dl className="key-figures">
        <div>
          <dt>Date</dt>
          <dd>{format.date(i.issuedAt)}</dd>
        </div>
        <div>
          <dt>Vessel</dt>
          <dd>{i.vesselName}</dd>
        </div>
        <div>
          <dt>For</dt>
          <dd>{INVOICE_KINDS[i.kind]}</dd>
        </div>
        <div>
          <dt>Paid with</dt>
          <dd>{i.card}</dd>
        </div>
      </dl>
      <table>
        <caption className="visually-hidden">Lines of invoice {i.number}</caption>
        <thead>
          <tr>
            <th scope="col">Product</th>
            <th scope="col">Period</th>
            <th scope="col" className="amount">
              Amount
            </th>
          </tr>
        </thead>
        <tbody>
          {i.lines.map((line) => (
            <tr key={`${line.productId}-${line.from}`}>
              <td>{line.name}</td>
              <td>
                {format.date(line.from)} – {format.date(line.until)}
              </td>
              <td className="amount">{money(line.amountPence)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={2}>
              Net
            </th>
            <td className="amount">{money(i.netPence)}</td>
          </tr>
          <tr>
            <th scope="row" colSpan={2}>
              VAT {i.vatPercent}%
            </th>
            <td className="amount">{money(i.vatPence)}</td>
          </tr>
          <tr>
            <th scope="row" colSpan={2}>
              Total
            </th>
            <td className="amount">
              <strong>{money(i.totalPence)}</strong>
            </td>
          </tr>
        </tfoot>
      </table>
      {i.refundedAt ? <p className="text-warning">Refunded in full on {format.date(i.refundedAt)}.</p> : null}
    </article>
  );
}
