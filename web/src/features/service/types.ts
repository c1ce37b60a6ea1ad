export type {
  EngineHours,
  ServiceCompletion,
  ServiceDue,
  ServiceDueEntry,
  ServiceItem,
  ServiceItemInput,
  ServiceLogEntry,
  ServiceSchedule,
  ServiceStatus,
} from '../../../../contracts/service';
export { DEFAULT_REMINDER_DAYS, DEFAULT_REMINDER_HOURS } from '../../../../contracts/service';
