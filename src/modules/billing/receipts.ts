/**
 * The receipt e-mailed to whoever paid, for every invoice: the subscription, products added to it,
 * each renewal, in the payer's language. The invoice itself stays readable in the web app
 * (Profile → Invoices).
 */
import { formatDay, type Reader, translator } from '../../platform/i18n.js';
import type { Invoice } from './repository.js';

/** An amount as the reader writes it: `12.50 GBP` in English, `12,50 GBP` in Italian, French and German. */
const money = (pence: number, currency: string, reader: Reader) => {
  const amount = (pence / 100).toFixed(2);
  return `${reader.language === 'en' ? amount : amount.replace('.', ',')} ${currency}`;
};

export function receiptOf(invoice: Invoice, publicUrl: string, reader: Reader): { subject: string; text: string } {
  const t = translator(reader.language, 'billing');
  // The periods are calendar days: written as the language writes a date, not moved into a zone.
  const day = (iso: string) => formatDay(iso, reader.language, 'UTC');
  const amount = (pence: number) => money(pence, invoice.currency, reader);
  const lines = invoice.lines.map((line) =>
    t('receipt.line', { name: line.name, from: day(line.from), until: day(line.until), amount: amount(line.amountPence) }),
  );
  const charged = { total: amount(invoice.totalPence), card: invoice.card, vessel: invoice.vesselName };
  return {
    subject: t('receipt.subject', { number: invoice.number, vessel: invoice.vesselName }),
    text: [
      invoice.kind === 'subscription'
        ? t('receipt.charged.subscription', charged)
        : invoice.kind === 'change'
          ? t('receipt.charged.change', charged)
          : t('receipt.charged.renewal', charged),
      '',
      ...lines,
      '',
      t('receipt.totals', { net: amount(invoice.netPence), vat: amount(invoice.vatPence), total: amount(invoice.totalPence) }),
      t('receipt.invoice', { number: invoice.number, date: day(invoice.issuedAt), link: `${publicUrl}/dashboard/profile/invoices/${invoice.id}` }),
    ].join('\n'),
  };
}
