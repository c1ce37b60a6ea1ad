import { formatDate } from '../../lib/dates';
import type { ServiceDue as Due, ServiceItem, ServiceStatus } from './types';

const STATUS: Record<ServiceStatus, { label: string; className: string }> = {
  overdue: { label: 'Overdue', className: 'chip service-chip--overdue' },
  dueSoon: { label: 'Due soon', className: 'chip chip--warning' },
  ok: { label: 'In time', className: 'chip chip--neutral' },
};

/** A calendar day (YYYY-MM-DD) as the app writes dates, the same day in every time zone. */
export const formatDay = (day: string): string => formatDate(`${day}T00:00:00Z`, { timeZone: 'UTC' });

const hours = (n: number) => `${n.toLocaleString(undefined, { maximumFractionDigits: 1 })} h`;

const left = (n: number, unit: 'h' | 'day') => {
  const amount = unit === 'h' ? hours(Math.abs(n)) : `${Math.abs(n)} ${Math.abs(n) === 1 ? 'day' : 'days'}`;
  if (n === 0) return unit === 'h' ? 'now' : 'today';
  return n < 0 ? `${amount} ago` : `${amount} left`;
};

export function ServiceStatusBadge({ status }: { status: ServiceStatus }) {
  return <span className={STATUS[status].className}>{STATUS[status].label}</span>;
}

/** "At 1,250 h (20 h left) or on 15 Jan 2027 (12 days left), whichever first". */
export function dueInWords(item: Pick<ServiceItem, 'engine' | 'intervalHours'> & { due: Due }): string {
  const { due } = item;
  const parts: string[] = [];
  if (due.dueHours !== null)
    parts.push(`at ${hours(due.dueHours)}${due.hoursLeft !== null ? ` (${left(due.hoursLeft, 'h')})` : ' (no run hours received yet)'}`);
  else if (item.intervalHours !== null) parts.push('by run hours once a service is logged');
  if (due.dueDate !== null) parts.push(`on ${formatDay(due.dueDate)}${due.daysLeft !== null ? ` (${left(due.daysLeft, 'day')})` : ''}`);
  const text = parts.join(' or ') + (parts.length > 1 ? ', whichever first' : '');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export function ServiceProgress({ due, label }: { due: Due; label: string }) {
  return (
    <progress
      className={`service-progress service-progress--${due.status}`}
      max={1}
      value={due.progress}
      aria-label={`${label}: ${Math.round(due.progress * 100)}% of the interval used`}
    >
      {Math.round(due.progress * 100)}%
    </progress>
  );
}

export function intervalInWords(item: Pick<ServiceItem, 'intervalHours' | 'intervalMonths' | 'engine'>): string {
  const parts = [
    item.intervalHours !== null ? `${hours(item.intervalHours)} of the ${item.engine} engine` : null,
    item.intervalMonths !== null ? `${item.intervalMonths} ${item.intervalMonths === 1 ? 'month' : 'months'}` : null,
  ].filter(Boolean);
  return `Every ${parts.join(' or ')}`;
}
