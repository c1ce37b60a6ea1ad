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

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} kB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
