/**
 * When a maintenance item falls due (docs/decisions.md, "Service schedules"): after its hours
 * interval of engine running or its calendar interval, whichever comes first, counted from the
 * last service. Pure functions of the item, the engine's reading and the time.
 */
import { SERVICE_STATUSES, type ServiceDue, type ServiceStatus } from '../../../contracts/service.js';

const DAY_MS = 24 * 3600 * 1000;

export interface DueInput {
  intervalHours: number | null;
  intervalMonths: number | null;
  reminderHours: number;
  reminderDays: number;
  lastDoneOn: string;
  lastDoneHours: number | null;
}

/** YYYY-MM-DD of a time, in UTC. */
export const dayOf = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/** A day `months` later; the 31st of a shorter month becomes its last day. */
export function addMonths(day: string, months: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(y, m - 1 + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d, lastDay));
  return dayOf(target.getTime());
}

const round1 = (n: number): number => Math.round(n * 10) / 10;

export function dueOf(item: DueInput, currentHours: number | null, nowMs: number): ServiceDue {
  const dueHours = item.intervalHours !== null && item.lastDoneHours !== null ? round1(item.lastDoneHours + item.intervalHours) : null;
  const dueDate = item.intervalMonths !== null ? addMonths(item.lastDoneOn, item.intervalMonths) : null;
  const hoursLeft = dueHours !== null && currentHours !== null ? round1(dueHours - currentHours) : null;
  const today = Date.parse(dayOf(nowMs));
  const daysLeft = dueDate !== null ? Math.round((Date.parse(dueDate) - today) / DAY_MS) : null;

  const used: number[] = [];
  if (hoursLeft !== null && item.intervalHours) used.push(1 - hoursLeft / item.intervalHours);
  if (dueDate !== null) {
    const span = Date.parse(dueDate) - Date.parse(item.lastDoneOn);
    used.push(span > 0 ? (today - Date.parse(item.lastDoneOn)) / span : 1);
  }
  const progress = used.length ? Math.min(1, Math.max(0, ...used)) : 0;

  let status: ServiceStatus = 'ok';
  if ((hoursLeft !== null && hoursLeft <= 0) || (daysLeft !== null && daysLeft <= 0)) status = 'overdue';
  else if ((hoursLeft !== null && hoursLeft <= item.reminderHours) || (daysLeft !== null && daysLeft <= item.reminderDays)) status = 'dueSoon';
  return { dueHours, dueDate, hoursLeft, daysLeft, status, progress: Math.round(progress * 1000) / 1000 };
}

/** Overdue first, then due soon, then the rest; within each, the earliest due date, then the fewest hours left. */
export function byUrgency(a: ServiceDue, b: ServiceDue): number {
  const rank = SERVICE_STATUSES.indexOf(a.status) - SERVICE_STATUSES.indexOf(b.status);
  if (rank) return rank;
  const dates = (a.dueDate ?? '9999-12-31').localeCompare(b.dueDate ?? '9999-12-31');
  if (dates) return dates;
  const left = (d: ServiceDue) => d.hoursLeft ?? Number.MAX_SAFE_INTEGER;
  return left(a) - left(b);
}

/** What one reminder is for: an item's due date and hours; a new due (after a service or an edit) earns a new reminder. */
export const reminderKey = (due: ServiceDue): string => `${due.dueHours ?? '-'}|${due.dueDate ?? '-'}`;
