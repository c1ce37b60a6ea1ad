/**
 * One run of a routine: the conditions judged when it was triggered, then each action in turn,
 * every step written to the run's trace as it ends (docs/architecture.md, "Routines").
 */
import type { Action, ActionTrace, ConditionResult, RoutineRun, StepOutcome, TriggerTrace } from '../../../contracts/routines.js';
import type { Clock } from '../commands/api.js';
import type { RoutineRow } from './repository.js';
import * as repo from './repository.js';
import type { Db } from '../../db/knex.js';

/** What a run's actions do outside the module (the engine hands them in). */
export interface ActionPorts {
  /** Sends a command the way a user's sendCommand does; answers whether the device obeyed, and how it ended. */
  command(routine: RoutineRow, action: Extract<Action, { type: 'command' }>, requestId: string): Promise<{ ok: boolean; message: string }>;
  raiseAlert(routine: RoutineRow, action: Extract<Action, { type: 'raiseAlert' }>): Promise<string>;
  clearAlert(routine: RoutineRow): Promise<string>;
  notify(routine: RoutineRow, action: Extract<Action, { type: 'notify' }>): Promise<string>;
}

export class Cancelled extends Error {}

/** A run in progress: `cancel` stops it before its next step (and ends a wait at once). */
export class Run {
  cancelled = false;
  private stopWait: (() => void) | null = null;
  readonly actions: ActionTrace[] = [];
  id = 0;
  done: Promise<void> = Promise.resolve();
  /** Settles when the run next waits on the clock or ends: what it does meanwhile has happened. */
  busy!: Promise<void>;
  private quiet: () => void = () => {};

  constructor(
    readonly routine: RoutineRow,
    readonly trigger: TriggerTrace,
    readonly conditions: ConditionResult[],
  ) {
    this.working();
  }

  private working(): void {
    this.busy = new Promise((resolve) => (this.quiet = resolve));
  }

  /** The run has ended. */
  ended(): void {
    this.quiet();
  }

  cancel(): void {
    this.cancelled = true;
    this.stopWait?.();
  }

  wait(clock: Clock, ms: number): Promise<void> {
    return new Promise((resolve, reject) => {
      const cancelTimer = clock.setTimer(ms, () => {
        this.stopWait = null;
        this.working();
        resolve();
      });
      this.stopWait = () => {
        cancelTimer();
        this.working();
        reject(new Cancelled());
      };
      this.quiet();
    });
  }

  trace(): Pick<RoutineRun, 'trigger' | 'conditions' | 'actions'> {
    return { trigger: this.trigger, conditions: this.conditions, actions: this.actions };
  }
}

const iso = (ms: number) => new Date(ms).toISOString();

/** Runs the actions of a started run; answers once the run's final outcome is stored. */
export async function runActions(db: Db, clock: Clock, ports: ActionPorts, run: Run): Promise<void> {
  let failed = false;
  for (const [index, action] of run.routine.actions.entries()) {
    if (run.cancelled) break;
    const startedMs = clock.now();
    let outcome: StepOutcome;
    let message: string;
    try {
      ({ outcome, message } = await perform(clock, ports, run, action, `routine-${run.routine.id}-run-${run.id}-${index}`));
    } catch (err) {
      outcome = err instanceof Cancelled ? 'cancelled' : 'failed';
      message = err instanceof Cancelled ? 'Cancelled: the routine was triggered again' : err instanceof Error ? err.message : String(err);
    }
    run.actions.push({ index, type: action.type, outcome, startedAt: iso(startedMs), finishedAt: iso(clock.now()), message });
    await repo.updateRun(db, run.id, null, 'running', run.trace());
    if (outcome === 'failed' && !action.continueOnError) {
      failed = true;
      break;
    }
    if (outcome === 'failed') failed = true;
  }
  const outcome = run.cancelled ? 'cancelled' : failed ? 'failed' : 'completed';
  await repo.updateRun(db, run.id, iso(clock.now()), outcome, run.trace());
}

/** One action: its outcome and what it says; a failure the action reports is not thrown. */
async function perform(clock: Clock, ports: ActionPorts, run: Run, action: Action, requestId: string): Promise<{ outcome: StepOutcome; message: string }> {
  const ok = (message: string) => ({ outcome: 'ok' as const, message });
  switch (action.type) {
    case 'wait':
      await run.wait(clock, action.seconds * 1000);
      return ok(`Waited ${action.seconds} s`);
    case 'command': {
      const result = await ports.command(run.routine, action, requestId);
      return { outcome: result.ok ? 'ok' : 'failed', message: result.message };
    }
    case 'raiseAlert':
      return ok(await ports.raiseAlert(run.routine, action));
    case 'clearAlert':
      return ok(await ports.clearAlert(run.routine));
    case 'notify':
      return ok(await ports.notify(run.routine, action));
  }
}
