/**
 * A dry run: a routine judged against what the vessel recorded (its stored history over a time
 * range, or a delta log handed in), with the same rules as the live engine (judge.ts), answering
 * when it would have fired and what it would have done. Nothing is sent, stored or raised.
 */
import Boom from '@hapi/boom';
import { parseDelta } from '../../../contracts/bridge-validation.js';
import type { Action, DryRun, RoutineInput, TriggerTrace } from '../../../contracts/routines.js';
import type { Database } from '../../db/knex.js';
import type { VesselProperty } from '../devices/api.js';
import { currentLocation, propertyHistory } from '../telemetry/api.js';
import { describeTest, type Facts, type Hold, idleHold, isTimed, judgeConditions, nextFiring, observe, type Reading } from './judge.js';

/** At most this many firings are answered; a routine firing more often than that says enough. */
export const MAX_FIRINGS = 500;
/** A range at most this long (the stored history is thinned beyond it anyway). */
export const MAX_RANGE_MS = 31 * 86_400_000;

interface Sample {
  atMs: number;
  propertyId: number;
  value: unknown;
}

const iso = (ms: number) => new Date(ms).toISOString();

/** The samples of a delta log (newline-delimited Signal K deltas) for the properties named, by path. */
export function samplesOfLog(log: string, properties: Map<number, VesselProperty>): Sample[] {
  const byPath = new Map([...properties.values()].map((p) => [p.path, p.id]));
  const samples: Sample[] = [];
  for (const [n, line] of log.split('\n').entries()) {
    if (!line.trim()) continue;
    const parsed = parseDelta(line);
    if (!parsed.ok) throw Boom.badRequest(`log line ${n + 1}: ${parsed.reason}`);
    for (const update of parsed.value.updates) {
      const atMs = Date.parse(update.timestamp ?? '');
      if (!Number.isFinite(atMs)) throw Boom.badRequest(`log line ${n + 1}: every update needs a timestamp`);
      for (const v of update.values ?? []) {
        const propertyId = byPath.get(v.path);
        if (propertyId !== undefined) samples.push({ atMs, propertyId, value: v.value });
      }
    }
  }
  return samples.sort((a, b) => a.atMs - b.atMs);
}

/** The stored samples of the properties named between two times. */
export async function samplesOfHistory(
  db: Database,
  vesselId: number,
  properties: Map<number, VesselProperty>,
  fromMs: number,
  toMs: number,
): Promise<Sample[]> {
  const samples: Sample[] = [];
  for (const p of properties.values())
    for (const point of await propertyHistory(db, vesselId, p.path, fromMs, toMs))
      samples.push({ atMs: Date.parse(point.timestamp), propertyId: p.id, value: point.value });
  return samples.sort((a, b) => a.atMs - b.atMs);
}

export async function dryRun(
  db: Database,
  vesselId: number,
  routine: Required<RoutineInput>,
  properties: Map<number, VesselProperty>,
  samples: Sample[],
  range: { fromMs: number; toMs: number },
  /** The properties only actions name (for describing commands). */
  commanded: Map<number, VesselProperty>,
): Promise<DryRun> {
  const named = new Map([...properties, ...commanded]);
  const readings = new Map<number, Reading>();
  const reading = (id: number): Reading | null => readings.get(id) ?? null;
  const facts: Facts = { reading, online: true };
  const location = routine.triggers.some((t) => t.type === 'sun') ? await currentLocation(db, vesselId) : null;

  // Every moment something may fire: samples, and the timed triggers' firings in the range.
  type Moment = { atMs: number; sample?: Sample; timed?: number };
  const moments: Moment[] = samples.filter((s) => s.atMs >= range.fromMs && s.atMs <= range.toMs).map((sample) => ({ atMs: sample.atMs, sample }));
  for (const [index, trigger] of routine.triggers.entries()) {
    if (!isTimed(trigger)) continue;
    for (
      let at = nextFiring(trigger, range.fromMs - 1, routine.timeZone, location);
      at !== null && at <= range.toMs;
      at = nextFiring(trigger, at, routine.timeZone, location)
    ) {
      moments.push({ atMs: at, timed: index });
      if (moments.length > 100_000) break;
    }
  }
  moments.sort((a, b) => a.atMs - b.atMs);

  const holds = new Map<number, Hold>();
  const firings: DryRun['firings'] = [];
  const fire = (trigger: TriggerTrace, atMs: number) => {
    const judged = judgeConditions(routine.conditions, routine.matchAll, facts, atMs, routine.timeZone);
    firings.push({
      at: iso(atMs),
      trigger,
      conditions: judged.conditions,
      holds: judged.holds,
      actions: judged.holds ? planOf(routine.actions, named, atMs) : [],
    });
  };
  /** Holds whose duration ran out before `untilMs` (with no reading in between to say otherwise) fire at that moment. */
  const fireDueHolds = (untilMs: number) => {
    for (const [index, hold] of holds) {
      const trigger = routine.triggers[index]!;
      if (trigger.type !== 'property' || !hold.met || hold.fired) continue;
      const dueMs = hold.sinceMs + (trigger.forSeconds ?? 0) * 1000;
      if (dueMs > untilMs) continue;
      hold.fired = true;
      const p = properties.get(trigger.propertyId)!;
      fire({ type: 'property', index, at: iso(dueMs), description: `${describeTest(p.path, trigger, p.units)} for ${trigger.forSeconds} s` }, dueMs);
    }
  };

  for (const moment of moments) {
    if (firings.length >= MAX_FIRINGS) break;
    fireDueHolds(moment.atMs);
    if (moment.timed !== undefined) {
      fire({ type: routine.triggers[moment.timed]!.type, index: moment.timed, at: iso(moment.atMs), description: 'scheduled' }, moment.atMs);
      continue;
    }
    const sample = moment.sample!;
    const p = properties.get(sample.propertyId)!;
    readings.set(sample.propertyId, { value: sample.value, path: p.path, units: p.units });
    for (const [index, trigger] of routine.triggers.entries()) {
      if (trigger.type !== 'property' || trigger.propertyId !== sample.propertyId) continue;
      const hold = holds.get(index) ?? idleHold();
      holds.set(index, hold);
      if (observe(hold, trigger, sample.value, sample.atMs) === 'fire')
        fire({ type: 'property', index, at: iso(sample.atMs), description: describeTest(p.path, trigger, p.units), value: sample.value }, sample.atMs);
    }
  }
  fireDueHolds(range.toMs);
  firings.sort((a, b) => Date.parse(a.at) - Date.parse(b.at));

  return {
    from: iso(range.fromMs),
    to: iso(range.toMs),
    firings: firings.slice(0, MAX_FIRINGS),
    series: [...properties.values()].map((p) => ({
      propertyId: p.id,
      path: p.path,
      units: p.units,
      points: samples.filter((s) => s.propertyId === p.id).map((s) => ({ at: iso(s.atMs), value: s.value })),
    })),
    notReplayed: routine.triggers.flatMap((t, i) => (t.type === 'online' || t.type === 'alert' || t.type === 'geofence' ? [`triggers[${i}] (${t.type})`] : [])),
  };
}

/** What the actions would have done, each at the time it would have started (waits add up). */
function planOf(actions: Action[], properties: Map<number, VesselProperty>, startMs: number): DryRun['firings'][number]['actions'] {
  let atMs = startMs;
  return actions.map((action, index) => {
    const step = { index, type: action.type, at: iso(atMs), description: describeAction(action, properties) };
    if (action.type === 'wait') atMs += action.seconds * 1000;
    return step;
  });
}

export function describeAction(action: Action, properties: Map<number, VesselProperty>): string {
  switch (action.type) {
    case 'command':
      return `set ${properties.get(action.propertyId)?.path ?? `property ${action.propertyId}`} to ${JSON.stringify(action.value)}`;
    case 'wait':
      return `wait ${action.seconds} s`;
    case 'raiseAlert':
      return `raise a ${action.priority} alert: ${action.message}`;
    case 'clearAlert':
      return 'clear the routine’s alert';
    case 'notify':
      return `notify: ${action.message}`;
  }
}
