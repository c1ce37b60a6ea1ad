/**
 * Service schedules (docs/api.md, "Service schedules"): maintenance items of a vessel due by
 * engine run hours, by calendar or both (whichever comes first), their log, and a company's list
 * of services due across its clients' vessels. Shared by the server, the web app and the CLI.
 */

/** ok: not yet in its reminder window; dueSoon: inside it; overdue: an interval has run out. */
export const SERVICE_STATUSES = ['overdue', 'dueSoon', 'ok'] as const;
export type ServiceStatus = (typeof SERVICE_STATUSES)[number];

/** Reminder windows an item gets unless it says otherwise. */
export const DEFAULT_REMINDER_HOURS = 25;
export const DEFAULT_REMINDER_DAYS = 30;

export interface ServiceDue {
  /** Run hours at which the item falls due, or null without an hours interval. */
  dueHours: number | null;
  /** The day (YYYY-MM-DD) the item falls due, or null without a calendar interval. */
  dueDate: string | null;
  /** Hours left before dueHours (negative when past), null without hours interval or reading. */
  hoursLeft: number | null;
  /** Days left before dueDate (negative when past), null without a calendar interval. */
  daysLeft: number | null;
  status: ServiceStatus;
  /** How much of the interval is used, 0 to 1, by whichever limit is nearer. */
  progress: number;
}

export interface ServiceItem {
  id: number;
  vesselId: number;
  name: string;
  /** The Signal K propulsion id whose `runTime` counts (port, starboard, generator…). */
  engine: string | null;
  intervalHours: number | null;
  intervalMonths: number | null;
  reminderHours: number;
  reminderDays: number;
  /** When the interval started: the last service, or the day the item was added. */
  lastDoneOn: string;
  lastDoneHours: number | null;
  /** The engine's current run hours, null before its first reading. */
  currentHours: number | null;
  due: ServiceDue;
}

export interface ServiceItemInput {
  name: string;
  engine?: string | null;
  intervalHours?: number | null;
  intervalMonths?: number | null;
  reminderHours?: number;
  reminderDays?: number;
  lastDoneOn?: string;
  lastDoneHours?: number | null;
}

export interface EngineHours {
  engine: string;
  hours: number;
  timestamp: string;
}

export interface ServiceSchedule {
  items: ServiceItem[];
  engines: EngineHours[];
}

export interface ServiceLogEntry {
  id: number;
  vesselId: number;
  itemId: number | null;
  itemName: string;
  doneOn: string;
  runHours: number | null;
  doneBy: string;
  notes: string;
  documents: Array<{ id: number; name: string }>;
  recordedBy: number | null;
  createdAt: string;
}

export interface ServiceCompletion {
  doneOn?: string;
  runHours?: number | null;
  doneBy?: string;
  notes?: string;
  documentIds?: number[];
}

/** One line of a company's services-due list. */
export interface ServiceDueEntry extends ServiceItem {
  vesselName: string;
}
