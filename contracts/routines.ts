/**
 * Routines: automations a vessel's members write (docs/api.md, "Routines"). One contract for the
 * server, the web app and the tests: the routine as written, and the trace of each run.
 */

/** What a run does when the routine is triggered again while a run is going on. */
export const ROUTINE_MODES = ['single', 'restart', 'queued'] as const;
export type RoutineMode = (typeof ROUTINE_MODES)[number];

export const ROUTINE_COMPARISONS = ['<', '<=', '>', '>=', '==', '!='] as const;
export type RoutineComparison = (typeof ROUTINE_COMPARISONS)[number];

export type RoutineValue = number | string | boolean;

export const ALERT_EVENTS = ['raised', 'acknowledged', 'cleared'] as const;
export type AlertEvent = (typeof ALERT_EVENTS)[number];

export const ROUTINE_ALERT_PRIORITIES = ['caution', 'warning', 'alarm', 'emergency'] as const;
export type RoutineAlertPriority = (typeof ROUTINE_ALERT_PRIORITIES)[number];

/** A property's reading compared with a value. */
export interface PropertyTest {
  propertyId: number;
  comparison: RoutineComparison;
  value: RoutineValue;
}

export type Trigger =
  /** The comparison becomes true (a crossing, or a change to the value) and stays true `forSeconds`. */
  | ({ type: 'property'; forSeconds?: number } & PropertyTest)
  /** Every day at HH:MM in the routine's time zone. */
  | { type: 'time'; at: string }
  /** A cron schedule (five fields) in the routine's time zone. */
  | { type: 'schedule'; cron: string }
  /** Sunrise or sunset at the vessel's current position, shifted by `offsetMinutes`. */
  | { type: 'sun'; event: 'sunrise' | 'sunset'; offsetMinutes?: number }
  | { type: 'geofence'; event: 'enter' | 'leave' }
  | { type: 'online'; online: boolean }
  /** An alert of the vessel raised, acknowledged or cleared; `path` narrows it to one alert path. */
  | { type: 'alert'; event: AlertEvent; path?: string };
export type TriggerType = Trigger['type'];

export type Condition =
  | ({ type: 'property' } & PropertyTest)
  /** Between two times of day (HH:MM, the routine's time zone); `after` later than `before` spans midnight. */
  | { type: 'time'; after: string; before: string }
  | { type: 'online'; online: boolean };

interface ActionBase {
  /** Carry on with the next action when this one fails (otherwise the run stops there). */
  continueOnError?: boolean;
}

export type Action = ActionBase &
  (
    | { type: 'command'; propertyId: number; value: RoutineValue }
    | { type: 'wait'; seconds: number }
    | { type: 'raiseAlert'; priority: RoutineAlertPriority; message: string }
    | { type: 'clearAlert' }
    /** Notifies the users named (members of the vessel), or the routine's author. */
    | { type: 'notify'; message: string; priority?: RoutineAlertPriority; userIds?: number[] }
  );
export type ActionType = Action['type'];

/** `POST vessel/{id}/routines/create`. */
export interface RoutineInput {
  name: string;
  /** true: every condition must hold; false: any one. */
  matchAll: boolean;
  mode: RoutineMode;
  /** IANA time zone for times of day and schedules; the author's own when left out. */
  timeZone?: string;
  enabled?: boolean;
  triggers: Trigger[];
  conditions: Condition[];
  actions: Action[];
}

export type RunOutcome = 'running' | 'completed' | 'failed' | 'skipped' | 'cancelled';
export type StepOutcome = 'ok' | 'failed' | 'skipped' | 'cancelled';

export interface TriggerTrace {
  type: TriggerType;
  /** Which of the routine's triggers, from 0. */
  index: number;
  description: string;
  at: string;
  value?: unknown;
}

export interface ConditionResult {
  index: number;
  holds: boolean;
  /** Why, in words: the value seen and what it was compared with. */
  reason: string;
  value?: unknown;
}

export interface ActionTrace {
  index: number;
  type: ActionType;
  outcome: StepOutcome;
  startedAt: string;
  finishedAt: string;
  message: string;
}

/** One run of a routine, as kept (the last 50 per routine). */
export interface RoutineRun {
  id: number;
  routineId: number;
  startedAt: string;
  finishedAt: string | null;
  outcome: RunOutcome;
  trigger: TriggerTrace;
  conditions: ConditionResult[];
  actions: ActionTrace[];
}

export interface Routine extends Required<RoutineInput> {
  id: number;
  vesselId: number;
  createdBy: number | null;
  createdAt: string;
  updatedAt: string;
  lastRun: { startedAt: string; outcome: RunOutcome } | null;
  /** The next time a time, schedule or sun trigger fires, while the routine is enabled. */
  nextRunAt: string | null;
}

/** `POST vessel/{id}/routines/testConditions`. */
export interface ConditionsTest {
  holds: boolean;
  conditions: ConditionResult[];
}

/** `POST vessel/{id}/routines/dryRun`: when the routine would have fired and what it would have done. */
export interface DryRun {
  from: string;
  to: string;
  firings: Array<{
    at: string;
    trigger: TriggerTrace;
    conditions: ConditionResult[];
    holds: boolean;
    actions: Array<{ index: number; type: ActionType; at: string; description: string }>;
  }>;
  /** The values of the properties the routine reads, for a chart. */
  series: Array<{ propertyId: number; path: string; units: string; points: Array<{ at: string; value: unknown }> }>;
  /** Triggers a replay cannot judge (online state, alerts), named so the answer is not taken for complete. */
  notReplayed: string[];
}
