import { useTranslation } from 'react-i18next';
import { currentLocale, i18n } from '../../i18n';
import { formatDate } from '../../lib/dates';
import type { ServiceDue as Due, ServiceItem, ServiceStatus } from './types';

const STATUS_CLASS: Record<ServiceStatus, string> = {
  overdue: 'chip service-chip--overdue',
  dueSoon: 'chip chip--warning',
  ok: 'chip chip--neutral',
};

/** A calendar day (YYYY-MM-DD) as the app writes dates, the same day in every time zone. */
export const formatDay = (day: string): string => formatDate(`${day}T00:00:00Z`, { timeZone: 'UTC', locale: currentLocale() });

/** Run hours in the current language: "1,250 h". */
export const hours = (n: number) => i18n.t('service:due.hours', { hours: n.toLocaleString(currentLocale(), { maximumFractionDigits: 1 }) });

const hoursLeft = (n: number) => {
  if (n === 0) return i18n.t('service:due.now');
  return n < 0 ? i18n.t('service:due.hoursAgo', { hours: hours(-n) }) : i18n.t('service:due.hoursLeft', { hours: hours(n) });
};

const daysLeft = (n: number) => {
  if (n === 0) return i18n.t('service:due.today');
  return n < 0 ? i18n.t('service:due.daysAgo', { count: -n }) : i18n.t('service:due.daysLeft', { count: n });
};

export function ServiceStatusBadge({ status }: { status: ServiceStatus }) {
  const { t } = useTranslation('service');
  return <span className={STATUS_CLASS[status]}>{t(`status.${status}`)}</span>;
}

/** "At 1,250 h (20 h left) or on 15 Jan 2027 (12 days left), whichever first". */
export function dueInWords(item: Pick<ServiceItem, 'engine' | 'intervalHours'> & { due: Due }): string {
  const { due } = item;
  const parts: string[] = [];
  if (due.dueHours !== null)
    parts.push(
      due.hoursLeft !== null
        ? i18n.t('service:due.atHoursLeft', { hours: hours(due.dueHours), left: hoursLeft(due.hoursLeft) })
        : i18n.t('service:due.atHoursNoReading', { hours: hours(due.dueHours) }),
    );
  else if (item.intervalHours !== null) parts.push(i18n.t('service:due.byRunHours'));
  if (due.dueDate !== null)
    parts.push(
      due.daysLeft !== null
        ? i18n.t('service:due.onDayLeft', { date: formatDay(due.dueDate), left: daysLeft(due.daysLeft) })
        : i18n.t('service:due.onDay', { date: formatDay(due.dueDate) }),
    );
  const text = parts.length > 1 ? i18n.t('service:due.whicheverFirst', { first: parts[0], second: parts[1] }) : (parts[0] ?? '');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export function ServiceProgress({ due, label }: { due: Due; label: string }) {
  const { t } = useTranslation('service');
  const percent = Math.round(due.progress * 100);
  return (
    <progress className={`service-progress service-progress--${due.status}`} max={1} value={due.progress} aria-label={t('due.progress', { label, percent })}>
      {t('due.percent', { percent })}
    </progress>
  );
}

export function intervalInWords(item: Pick<ServiceItem, 'intervalHours' | 'intervalMonths' | 'engine'>): string {
  if (item.intervalHours !== null && item.intervalMonths !== null)
    return i18n.t('service:interval.hoursOrMonths', { hours: hours(item.intervalHours), engine: item.engine, count: item.intervalMonths });
  if (item.intervalHours !== null) return i18n.t('service:interval.hours', { hours: hours(item.intervalHours), engine: item.engine });
  if (item.intervalMonths !== null) return i18n.t('service:interval.months', { count: item.intervalMonths });
  return '';
}
