import { formatDate as formatDay, formatDateTime as formatMoment } from '../../lib/dates';

/** Dates in the admin lists: a dash when there is none. */
export const formatDate = (value: string | null | undefined) => (value ? formatDay(value) : '—');
export const formatDateTime = (value: string | null | undefined) => (value ? formatMoment(value) : '—');

/** `24900, 'GBP'` → `£249.00`. */
export function formatMoney(pence: number, currency: string): string {
  try {
    return new Intl.NumberFormat('en-GB', { style: 'currency', currency }).format(pence / 100);
  } catch {
    return `${(pence / 100).toFixed(2)} ${currency}`;
  }
}

export { formatBytes } from '../../lib/bytes';
