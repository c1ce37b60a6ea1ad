/**
 * The receipt e-mailed to whoever paid, for every invoice: the subscription, products added to it,
 * each renewal. The invoice itself stays readable in the web app (Profile → Invoices).
 */
import type { Invoice } from './repository.js';

const money = (pence: number, currency: string) => `${(pence / 100).toFixed(2)} ${currency}`;
const day = (iso: string) => iso.slice(0, 10);

const WHAT: Record<Invoice['kind'], string> = {
  subscription: 'the subscription of',
  change: 'products added to the subscription of',
  renewal: 'the renewal of the subscription of',
};

export function receiptOf(invoice: Invoice, publicUrl: string): { subject: string; text: string } {
  const lines = invoice.lines.map((line) => `- ${line.name}, ${day(line.from)} to ${day(line.until)}: ${money(line.amountPence, invoice.currency)}`);
  return {
    subject: `Vessel Link: receipt ${invoice.number} for ${invoice.vesselName}`,
    text: [
      `Thank you. We charged ${money(invoice.totalPence, invoice.currency)} to your ${invoice.card} for ${WHAT[invoice.kind]} ${invoice.vesselName}.`,
      '',
      ...lines,
      '',
      `Net ${money(invoice.netPence, invoice.currency)}, VAT ${money(invoice.vatPence, invoice.currency)}, total ${money(invoice.totalPence, invoice.currency)}.`,
      `Invoice ${invoice.number}, ${day(invoice.issuedAt)}: ${publicUrl}/dashboard/profile/invoices/${invoice.id}`,
    ].join('\n'),
  };
}
