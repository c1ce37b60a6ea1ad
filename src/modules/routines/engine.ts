/**
 * The routine engine (docs/architecture.md, "Routines"): runs inside the server on what the bus
 * announces (committed batches, bridges going on- or offline, alert changes) and on timers for
 * times of day, schedules and sunrise/sunset. It keeps each vessel's routines, the last value of
 * every property they read and where each property trigger stands in memory, so a batch costs
 * no database read; it is loaded once per vessel and again when a routine changes.
 *
 * Interlocks: a run caused by the routine's own action does not start it again, and a command to
 * a property another routine commanded less than a second before is refused and logged.
 */
import type { LiveBatch } from '../../../contracts/live.js';
import type { Trigger, TriggerTrace } from '../../../contracts/routines.js';
import type { AppContext } from '../../platform/context.js';
import type { TimerClock } from '../../platform/clock.js';
import { routineAlertPath } from '../alerts/api.js';
import { bridgeOfVessel } from '../bridges/api.js';
import { propertiesOfVessel } from '../devices/api.js';
import { currentLocation } from '../telemetry/api.js';
import { compare, type Facts, type Hold, idleHold, isTimed, judgeConditions, nextFiring, observe, type Reading, type TimedTrigger } from './judge.js';
import * as repo from './repository.js';
import type { RoutineRow } from './repository.js';
import { type ActionPorts, Run, runActions } from './runner.js';

/** Two routines commanding one property within this are refused. */
export const COMMAND_INTERLOCK_MS = 1000;
/** How long a value or alert change after a routine's own action is taken as caused by it. */
const CAUSE_WINDOW_MS = 5000;
/** Timers are never set further ahead than this; the firing time is worked out again then. */
const MAX_TIMER_MS = 6 * 3600_000;
/** At most this many triggers wait behind a running run in queued mode. */
const QUEUE_LIMIT = 10;

interface VesselState {
  routines: RoutineRow[];
  readings: Map<number, Reading>;
  online: boolean;
  position: { lat: number; lon: number } | null;
}

/** A property trigger's hold, with the timer that fires it when no reading comes. */
type LiveHold = Hold & { cancel?: () => void };

interface Active {
  run: Run;
  queue: TriggerTrace[];
}

export class RoutineEngine {
  private readonly vessels = new Map<number, VesselState>();
  private readonly loading = new Map<number, Promise<VesselState>>();
  private readonly holds = new Map<string, LiveHold>();
  private readonly timers = new Map<number, Array<() => void>>();
  private readonly active = new Map<number, Active>();
  /** What each routine's own actions just changed: `value:<propertyId>` or `alert:<path>` → until. */
  private readonly caused = new Map<number, Map<string, number>>();
  private readonly lastCommand = new Map<number, { routineId: number; atMs: number }>();
  private readonly unsubscribe: Array<() => void> = [];
  /** Per vessel, events are handled one after the other in the order announced. */
  private readonly chains = new Map<number, Promise<void>>();

  constructor(
    private readonly ctx: AppContext,
    private readonly ports: ActionPorts,
  ) {}

  /** The server's clock: holds, schedules and waits move when a test moves it. */
  get clock(): TimerClock {
    return this.ctx.clock;
  }

  async start(): Promise<void> {
    const events = this.ctx.events;
    this.unsubscribe.push(
      events.on('vessel.batch', ({ vesselId, batch }) => this.chain(vesselId, () => this.onBatch(vesselId, batch))),
      events.on('bridge.online', ({ vesselId, online, lastSeen }) => {
        if (vesselId !== null) this.chain(vesselId, () => this.onOnline(vesselId, online, lastSeen));
      }),
      events.on('vessel.alert', ({ vesselId, alert }) => this.chain(vesselId, () => this.onAlert(vesselId, alert))),
    );
    const vesselIds = new Set((await repo.allRoutines(this.ctx.db)).map((r) => r.vesselId));
    for (const vesselId of vesselIds) await this.reload(vesselId);
  }

  /** Forgets everything in memory (timers, holds) and stops runs; the stored state is what a start reads again. */
  async stop(): Promise<void> {
    for (const off of this.unsubscribe.splice(0)) off();
    for (const vesselId of [...this.vessels.keys()]) this.forget(vesselId);
    const runs = [...this.active.values()].map(({ run }) => (run.cancel(), run.done));
    this.active.clear();
    await Promise.allSettled([...runs, ...this.chains.values()]);
  }

  /** A vessel's routines changed: read them again and set their timers afresh. */
  async reload(vesselId: number): Promise<void> {
    this.forget(vesselId);
    const state = await this.stateOf(vesselId);
    for (const routine of state.routines) await this.arm(routine, state);
  }

  /** Settles once every event announced so far is handled and every run is waiting on the clock or ended (tests). */
  async idle(): Promise<void> {
    for (;;) {
      const chains = [...this.chains.values()];
      const runs = [...this.active.values()].map(({ run }) => run.busy);
      await Promise.allSettled([...chains, ...runs]);
      const settled = chains.every((c, i) => [...this.chains.values()][i] === c) && chains.length === this.chains.size;
      const same = [...this.active.values()].every(({ run }, i) => run.busy === runs[i]) && runs.length === this.active.size;
      if (settled && same) return;
    }
  }

  /** The facts conditions look at on a vessel now (`testConditions`). */
  async factsOf(vesselId: number, propertyIds: number[]): Promise<Facts> {
    const state = await this.stateOf(vesselId);
    const missing = propertyIds.filter((id) => !state.readings.has(id));
    if (missing.length) await this.readInto(state, vesselId, missing);
    return { reading: (id) => state.readings.get(id) ?? null, online: state.online };
  }

  /** Interlock: refuses a command to a property another routine commanded within the last second. */
  claimCommand(routineId: number, propertyId: number): string | null {
    const now = this.clock.now();
    const last = this.lastCommand.get(propertyId);
    if (last && last.routineId !== routineId && now - last.atMs < COMMAND_INTERLOCK_MS)
      return `Refused: routine ${last.routineId} commanded this property less than a second ago`;
    this.lastCommand.set(propertyId, { routineId, atMs: now });
    this.markCaused(routineId, `value:${propertyId}`);
    return null;
  }

  /** The routine's own alert is about to change: the change must not trigger it again. */
  markOwnAlert(routineId: number): void {
    this.markCaused(routineId, `alert:${routineAlertPath(routineId)}`);
  }

  private markCaused(routineId: number, key: string): void {
    const marks = this.caused.get(routineId) ?? new Map<string, number>();
    marks.set(key, this.clock.now() + CAUSE_WINDOW_MS);
    this.caused.set(routineId, marks);
  }

  private causedBy(routineId: number, key: string): boolean {
    const until = this.caused.get(routineId)?.get(key);
    return until !== undefined && until >= this.clock.now();
  }

  private chain(vesselId: number, task: () => Promise<void>): void {
    const next = (this.chains.get(vesselId) ?? Promise.resolve())
      .then(task)
      .catch((err) => this.ctx.log.error('routine engine failed on an event', { vesselId, error: err }));
    this.chains.set(vesselId, next);
  }

  private stateOf(vesselId: number): Promise<VesselState> {
    const known = this.vessels.get(vesselId);
    if (known) return Promise.resolve(known);
    let loading = this.loading.get(vesselId);
    if (!loading) {
      loading = this.load(vesselId).finally(() => this.loading.delete(vesselId));
      this.loading.set(vesselId, loading);
    }
    return loading;
  }

  private async load(vesselId: number): Promise<VesselState> {
    const routines = await repo.routinesOf(this.ctx.db, vesselId);
    const bridge = await bridgeOfVessel(this.ctx.db, vesselId);
    const location = await currentLocation(this.ctx.db, vesselId);
    const state: VesselState = {
      routines,
      readings: new Map(),
      online: bridge?.online ?? false,
      position: location ? { lat: location.lat, lon: location.lon } : null,
    };
    const ids = routines.flatMap((r) => [...r.triggers, ...r.conditions]).flatMap((t) => (t.type === 'property' ? [t.propertyId] : []));
    await this.readInto(state, vesselId, ids);
    this.vessels.set(vesselId, state);
    return state;
  }

  private async readInto(state: VesselState, vesselId: number, ids: number[]): Promise<void> {
    for (const [id, p] of await propertiesOfVessel(this.ctx.db, vesselId, ids)) state.readings.set(id, { value: p.value, path: p.path, units: p.units });
  }

  private forget(vesselId: number): void {
    const state = this.vessels.get(vesselId);
    this.vessels.delete(vesselId);
    for (const routine of state?.routines ?? []) {
      for (const cancel of this.timers.get(routine.id) ?? []) cancel();
      this.timers.delete(routine.id);
      for (const [key, hold] of this.holds) {
        if (!key.startsWith(`${routine.id}:`)) continue;
        hold.cancel?.();
        this.holds.delete(key);
      }
    }
  }

  /** Sets a routine's timers and where its property triggers stand now (a restart does not fire a crossing twice). */
  private async arm(routine: RoutineRow, state: VesselState): Promise<void> {
    if (!routine.enabled) return;
    const now = this.clock.now();
    for (const [index, trigger] of routine.triggers.entries()) {
      if (trigger.type !== 'property') continue;
      // Already true when armed: it fires on the next crossing, not now.
      const reading = state.readings.get(trigger.propertyId);
      const met = reading !== undefined && compare(reading.value, trigger.comparison, trigger.value);
      this.holds.set(`${routine.id}:${index}`, met ? { met, sinceMs: now, fired: true } : idleHold());
    }
    const fired = await repo.lastFired(this.ctx.db, routine.id);
    const base = Date.parse(routine.updatedAt);
    for (const [index, trigger] of routine.triggers.entries()) {
      if (!isTimed(trigger)) continue;
      const last = fired.get(index) ?? null;
      await this.catchUp(routine, index, trigger, last, Math.max(last ?? -Infinity, base), state);
    }
  }

  /** A firing missed while the server was down runs once now; then the next one is timed. */
  private async catchUp(routine: RoutineRow, index: number, trigger: TimedTrigger, last: number | null, fromMs: number, state: VesselState): Promise<void> {
    const now = this.clock.now();
    let missed: number | null = null;
    let next = nextFiring(trigger, fromMs, routine.timeZone, state.position);
    for (let i = 0; next !== null && next <= now && i < 10_000; i++) {
      missed = next;
      next = nextFiring(trigger, next, routine.timeZone, state.position);
    }
    if (missed !== null && (await repo.claimFiring(this.ctx.db, routine.id, index, last, missed))) {
      last = missed;
      this.fire(routine, index, `${describeTimed(trigger)} was due at ${new Date(missed).toISOString()} while the server was stopped`);
    }
    if (next !== null) this.timeNext(routine, index, trigger, last, next);
  }

  private timeNext(routine: RoutineRow, index: number, trigger: TimedTrigger, last: number | null, atMs: number): void {
    const delay = Math.min(Math.max(0, atMs - this.clock.now()), MAX_TIMER_MS);
    const cancel = this.clock.setTimer(delay, () => {
      const list = this.timers.get(routine.id) ?? [];
      this.timers.set(
        routine.id,
        list.filter((c) => c !== cancel),
      );
      this.chain(routine.vesselId, async () => {
        if (this.clock.now() < atMs) return this.timeNext(routine, index, trigger, last, atMs);
        const state = await this.stateOf(routine.vesselId);
        if (!state.routines.some((r) => r.id === routine.id && r.enabled)) return;
        if (await repo.claimFiring(this.ctx.db, routine.id, index, last, atMs)) this.fire(routine, index, describeTimed(trigger), atMs);
        const next = nextFiring(trigger, atMs, routine.timeZone, state.position);
        if (next !== null) this.timeNext(routine, index, trigger, atMs, next);
      });
    });
    this.timers.set(routine.id, [...(this.timers.get(routine.id) ?? []), cancel]);
  }

  private async onBatch(vesselId: number, batch: LiveBatch): Promise<void> {
    const state = this.vessels.get(vesselId);
    if (!state) return;
    const last = batch.positions.at(-1);
    if (last) state.position = { lat: last.lat, lon: last.lon };
    for (const value of batch.values) {
      if (value.propertyId === null) continue;
      const known = state.readings.get(value.propertyId);
      if (!known) continue;
      known.value = value.value;
      const atMs = Date.parse(value.timestamp);
      for (const routine of state.routines) {
        if (!routine.enabled) continue;
        for (const [index, trigger] of routine.triggers.entries()) {
          if (trigger.type !== 'property' || trigger.propertyId !== value.propertyId) continue;
          this.onReading(routine, index, trigger, value.value, atMs, known);
        }
      }
    }
  }

  private onReading(routine: RoutineRow, index: number, trigger: Extract<Trigger, { type: 'property' }>, value: unknown, atMs: number, reading: Reading): void {
    const key = `${routine.id}:${index}`;
    const hold: LiveHold = this.holds.get(key) ?? idleHold();
    this.holds.set(key, hold);
    const wasMet = hold.met;
    const outcome = observe(hold, trigger, value, atMs);
    if (outcome === 'idle' && !hold.met) {
      hold.cancel?.();
      hold.cancel = undefined;
      return;
    }
    const what = `${reading.path} ${trigger.comparison} ${JSON.stringify(trigger.value)}${reading.units ? ` ${reading.units}` : ''}`;
    if (outcome === 'fire') {
      hold.cancel?.();
      if (this.causedBy(routine.id, `value:${trigger.propertyId}`)) return;
      this.fire(routine, index, `${what}${trigger.forSeconds ? ` for ${trigger.forSeconds} s` : ''} (${JSON.stringify(value)})`, undefined, value);
      return;
    }
    if (outcome === 'wait' && !wasMet) {
      // Held by the clock too, so a property that stays put (and reports seldom) still fires on time.
      hold.cancel = this.clock.setTimer((trigger.forSeconds ?? 0) * 1000, () => {
        if (!hold.met || hold.fired) return;
        hold.fired = true;
        if (this.causedBy(routine.id, `value:${trigger.propertyId}`)) return;
        this.fire(routine, index, `${what} for ${trigger.forSeconds} s (${JSON.stringify(reading.value)})`, undefined, reading.value);
      });
    }
  }

  private async onOnline(vesselId: number, online: boolean, lastSeen: string): Promise<void> {
    const state = this.vessels.get(vesselId);
    if (!state || state.online === online) return;
    state.online = online;
    this.fireMatching(state, (t) => t.type === 'online' && t.online === online, `the vessel went ${online ? 'online' : 'offline'} (last seen ${lastSeen})`);
  }

  private async onAlert(vesselId: number, alert: Record<string, unknown>): Promise<void> {
    const state = this.vessels.get(vesselId);
    if (!state) return;
    const { change, origin, path, message } = alert as { change: string; origin: string; path: string; message: string };
    const event =
      change === 'raised' ? 'raised' : change === 'acknowledged' ? 'acknowledged' : change === 'rectified' || change === 'cleared' ? 'cleared' : null;
    if (origin === 'geofence' && (event === 'raised' || event === 'cleared')) {
      const fence = event === 'raised' ? 'leave' : 'enter';
      this.fireMatching(state, (t) => t.type === 'geofence' && t.event === fence, `the vessel ${fence === 'leave' ? 'left' : 'entered'} its geofence`);
    }
    if (!event) return;
    for (const routine of state.routines) {
      if (!routine.enabled || this.causedBy(routine.id, `alert:${path}`)) continue;
      for (const [index, t] of routine.triggers.entries()) {
        if (t.type === 'alert' && t.event === event && (!t.path || t.path === path))
          this.fire(routine, index, `alert ${path} ${event}${message ? `: ${message}` : ''}`, undefined, { path, change });
      }
    }
  }

  private fireMatching(state: VesselState, matches: (t: Trigger) => boolean, description: string): void {
    for (const routine of state.routines) {
      if (!routine.enabled) continue;
      const index = routine.triggers.findIndex(matches);
      if (index >= 0) this.fire(routine, index, description);
    }
  }

  /** A trigger fired: start a run, or skip, restart or queue as the routine's mode says when one is going on. */
  private fire(routine: RoutineRow, index: number, description: string, atMs = this.clock.now(), value?: unknown): void {
    const trigger: TriggerTrace = { type: routine.triggers[index]!.type, index, description, at: new Date(atMs).toISOString() };
    if (value !== undefined) trigger.value = value;
    const active = this.active.get(routine.id);
    if (active) {
      if (routine.mode === 'queued') {
        if (active.queue.length < QUEUE_LIMIT) active.queue.push(trigger);
        else this.record(routine, trigger, 'the queue of waiting runs is full');
        return;
      }
      if (routine.mode === 'single') return this.record(routine, trigger, 'a run was already going on (mode single)');
      active.run.cancel();
    }
    this.begin(routine, trigger, active?.queue ?? []);
  }

  private record(routine: RoutineRow, trigger: TriggerTrace, why: string): void {
    const at = new Date(this.clock.now()).toISOString();
    const trace = { trigger, conditions: [{ index: -1, holds: false, reason: `Skipped: ${why}` }], actions: [] };
    repo
      .insertRun(this.ctx.db, routine.id, at, 'skipped', trace)
      .then((id) => repo.updateRun(this.ctx.db, id, at, 'skipped', trace))
      .catch((err) => this.ctx.log.error('routine run could not be stored', { routineId: routine.id, error: err }));
  }

  private begin(routine: RoutineRow, trigger: TriggerTrace, queue: TriggerTrace[]): void {
    const state = this.vessels.get(routine.vesselId);
    if (!state) return;
    const facts: Facts = { reading: (id) => state.readings.get(id) ?? null, online: state.online };
    const judged = judgeConditions(routine.conditions, routine.matchAll, facts, this.clock.now(), routine.timeZone);
    const run = new Run(routine, trigger, judged.conditions);
    const entry: Active = { run, queue };
    this.active.set(routine.id, entry);
    run.done = (async () => {
      const startedAt = new Date(this.clock.now()).toISOString();
      run.id = await repo.insertRun(this.ctx.db, routine.id, startedAt, 'running', run.trace());
      if (!judged.holds) {
        await repo.updateRun(this.ctx.db, run.id, startedAt, 'skipped', run.trace());
        return;
      }
      await runActions(this.ctx.db, this.clock, this.ports, run);
    })()
      .catch((err) => this.ctx.log.error('routine run failed', { routineId: routine.id, error: err }))
      .finally(() => {
        run.ended();
        if (this.active.get(routine.id) !== entry) return;
        this.active.delete(routine.id);
        const next = entry.queue.shift();
        if (next && !run.cancelled) this.begin(routine, next, entry.queue);
      });
  }
}

function describeTimed(trigger: TimedTrigger): string {
  if (trigger.type === 'time') return `the time ${trigger.at}`;
  if (trigger.type === 'schedule') return `the schedule ${trigger.cron}`;
  const offset = trigger.offsetMinutes ? ` ${trigger.offsetMinutes > 0 ? '+' : ''}${trigger.offsetMinutes} min` : '';
  return `${trigger.event}${offset}`;
}
