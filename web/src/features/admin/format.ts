import { currentLocale } from '../../i18n';
import { formatDate as formatDay, formatDateTime as formatMoment } from '../../lib/dates';

/** Dates in the admin lists, in the language's locale: a dash when there is none. */
export const formatDate = (value: string | null | undefined) => (value ? formatDay(value, { locale: currentLocale() }) : '—');
export const formatDateTime = (value: string | null | undefined) => (value ? formatMoment(value, { locale: currentLocale() }) : '—');

/** `24900, 'GBP'` → `£249.00`. */
export function formatMoney(pence: number, currency: string): string {
  try {
    return new Intl.NumberFormat(currentLocale(), { style: 'currency', currency }).format(pence / 100);
  } catch {
    return `${(pence / 100).toFixed(2)} ${currency}`;
  }
}

export { formatBytes } from '../../lib/bytes';
