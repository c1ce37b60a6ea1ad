/**
 * The rules a routine is judged by, free of time sources and storage so that the live engine and
 * the dry run judge alike: comparisons, conditions, times of day in a time zone, and when a
 * time, schedule or sun trigger next fires.
 */
import { Cron } from 'croner';
import * as SunCalc from 'suncalc';
import type { Condition, ConditionResult, RoutineComparison, RoutineValue, Trigger } from '../../../contracts/routines.js';

export interface Reading {
  value: unknown;
  path: string;
  units: string;
}

/** What a condition may look at: a property's reading, the vessel's online state. */
export interface Facts {
  reading(propertyId: number): Reading | null;
  online: boolean;
}

export function compare(actual: unknown, comparison: RoutineComparison, expected: RoutineValue): boolean {
  if (typeof expected === 'number') {
    const n = typeof actual === 'boolean' ? Number(actual) : actual;
    if (typeof n !== 'number' || !Number.isFinite(n)) return false;
    switch (comparison) {
      case '<':
        return n < expected;
      case '<=':
        return n <= expected;
      case '>':
        return n > expected;
      case '>=':
        return n >= expected;
      case '==':
        return n === expected;
      case '!=':
        return n !== expected;
    }
  }
  const same = actual === expected || String(actual) === String(expected);
  if (comparison === '==') return same;
  if (comparison === '!=') return !same;
  return false;
}

const shown = (value: unknown): string => (typeof value === 'string' ? `"${value}"` : JSON.stringify(value));

/** Minutes since midnight at `ms` in the time zone. */
export function minuteOfDay(ms: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(new Date(ms));
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return part('hour') * 60 + part('minute');
}

export const minutesOf = (hhmm: string): number => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

export function judgeCondition(condition: Condition, index: number, facts: Facts, atMs: number, timeZone: string): ConditionResult {
  switch (condition.type) {
    case 'property': {
      const reading = facts.reading(condition.propertyId);
      if (!reading || reading.value === null || reading.value === undefined)
        return { index, holds: false, reason: `property ${condition.propertyId} has no value yet`, value: null };
      const holds = compare(reading.value, condition.comparison, condition.value);
      const units = reading.units ? ` ${reading.units}` : '';
      return {
        index,
        holds,
        value: reading.value,
        reason: `${reading.path} is ${shown(reading.value)}${units}, ${holds ? '' : 'not '}${condition.comparison} ${shown(condition.value)}${units}`,
      };
    }
    case 'time': {
      const now = minuteOfDay(atMs, timeZone);
      const after = minutesOf(condition.after);
      const before = minutesOf(condition.before);
      const holds = after <= before ? now >= after && now < before : now >= after || now < before;
      const clock = `${String(Math.floor(now / 60)).padStart(2, '0')}:${String(now % 60).padStart(2, '0')}`;
      return { index, holds, value: clock, reason: `it is ${clock} (${timeZone}), ${holds ? 'within' : 'outside'} ${condition.after}–${condition.before}` };
    }
    case 'online':
      return {
        index,
        holds: facts.online === condition.online,
        value: facts.online,
        reason: `the vessel is ${facts.online ? 'online' : 'offline'}${facts.online === condition.online ? '' : `, not ${condition.online ? 'online' : 'offline'}`}`,
      };
  }
}

/** Every condition judged, and whether they hold together (all of them, or any one). No condition holds. */
export function judgeConditions(conditions: Condition[], matchAll: boolean, facts: Facts, atMs: number, timeZone: string) {
  const results = conditions.map((c, i) => judgeCondition(c, i, facts, atMs, timeZone));
  const holds = !results.length || (matchAll ? results.every((r) => r.holds) : results.some((r) => r.holds));
  return { holds, conditions: results };
}

export type TimedTrigger = Extract<Trigger, { type: 'time' | 'schedule' | 'sun' }>;
export const isTimed = (trigger: Trigger): trigger is TimedTrigger => trigger.type === 'time' || trigger.type === 'schedule' || trigger.type === 'sun';

export const cronOf = (trigger: Extract<Trigger, { type: 'time' | 'schedule' }>): string =>
  trigger.type === 'time' ? `${Number(trigger.at.slice(3, 5))} ${Number(trigger.at.slice(0, 2))} * * *` : trigger.cron;

/** A cron pattern's problem in words, or null when croner accepts it. */
export function cronProblem(pattern: string, timeZone: string): string | null {
  try {
    new Cron(pattern, { timezone: timeZone, paused: true });
    return null;
  } catch (err) {
    return err instanceof Error ? err.message : String(err);
  }
}

export const isTimeZone = (timeZone: string): boolean => {
  try {
    new Intl.DateTimeFormat('en', { timeZone });
    return true;
  } catch {
    return false;
  }
};

const DAY_MS = 86_400_000;

/**
 * The first firing strictly after `afterMs`: null when it never fires again, or when a sun
 * trigger has no position (or the sun neither rises nor sets there that day).
 */
export function nextFiring(trigger: TimedTrigger, afterMs: number, timeZone: string, position: { lat: number; lon: number } | null): number | null {
  if (trigger.type !== 'sun') {
    const next = new Cron(cronOf(trigger), { timezone: timeZone, paused: true }).nextRun(new Date(afterMs));
    return next ? next.getTime() : null;
  }
  if (!position) return null;
  const offset = (trigger.offsetMinutes ?? 0) * 60_000;
  for (let day = -1; day <= 2; day++) {
    const times = SunCalc.getTimes(new Date(afterMs + day * DAY_MS), position.lat, position.lon);
    const at = (times[trigger.event]?.getTime() ?? Number.NaN) + offset;
    if (Number.isFinite(at) && at > afterMs) return at;
  }
  return null;
}

export type PropertyTrigger = Extract<Trigger, { type: 'property' }>;

/** Where a property trigger stands: whether its comparison holds, since when, and whether it fired. */
export interface Hold {
  met: boolean;
  sinceMs: number;
  fired: boolean;
}

export const idleHold = (): Hold => ({ met: false, sinceMs: 0, fired: false });

/**
 * A reading of the trigger's property at `atMs` (measurement time): 'fire' when the comparison
 * has now held for `forSeconds` since it became true, 'wait' while it holds and has not yet,
 * 'idle' otherwise. A trigger fires once per crossing.
 */
export function observe(hold: Hold, trigger: PropertyTrigger, value: unknown, atMs: number): 'fire' | 'wait' | 'idle' {
  if (!compare(value, trigger.comparison, trigger.value)) {
    Object.assign(hold, idleHold());
    return 'idle';
  }
  if (!hold.met) Object.assign(hold, { met: true, sinceMs: atMs, fired: false });
  if (hold.fired) return 'idle';
  if (atMs - hold.sinceMs >= (trigger.forSeconds ?? 0) * 1000) {
    hold.fired = true;
    return 'fire';
  }
  return 'wait';
}

export const describeTest = (path: string, test: { comparison: string; value: unknown }, units = ''): string =>
  `${path} ${test.comparison} ${shown(test.value)}${units ? ` ${units}` : ''}`;
