/** `routines`, `routine_runs` and `routine_schedules`: only this file touches them. */
import type { Action, Condition, RoutineInput, RoutineMode, RoutineRun, RunOutcome, Trigger } from '../../../contracts/routines.js';
import { type Db, insertId } from '../../db/knex.js';

/** Runs kept per routine; older ones are deleted as new ones start. */
export const RUNS_KEPT = 50;

export interface RoutineRow {
  id: number;
  vesselId: number;
  name: string;
  enabled: boolean;
  matchAll: boolean;
  mode: RoutineMode;
  timeZone: string;
  triggers: Trigger[];
  conditions: Condition[];
  actions: Action[];
  createdBy: number | null;
  createdAt: string;
  updatedAt: string;
}

interface RoutineRecord {
  id: number;
  vessel_id: number;
  name: string;
  enabled: boolean | number;
  match_all: boolean | number;
  mode: RoutineMode;
  time_zone: string;
  definition: string;
  created_by: number | null;
  created_at: string;
  updated_at: string;
}

const rowOf = (r: RoutineRecord): RoutineRow => {
  const definition = JSON.parse(r.definition) as Pick<RoutineRow, 'triggers' | 'conditions' | 'actions'>;
  return {
    id: r.id,
    vesselId: r.vessel_id,
    name: r.name,
    enabled: Boolean(r.enabled),
    matchAll: Boolean(r.match_all),
    mode: r.mode,
    timeZone: r.time_zone,
    ...definition,
    createdBy: r.created_by,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
};

export const routinesOf = async (db: Db, vesselId: number): Promise<RoutineRow[]> =>
  (await db<RoutineRecord>('routines').where({ vessel_id: vesselId }).orderBy('id')).map(rowOf);

export const allRoutines = async (db: Db): Promise<RoutineRow[]> => (await db<RoutineRecord>('routines').orderBy('id')).map(rowOf);

export async function findRoutine(db: Db, vesselId: number, id: number): Promise<RoutineRow | null> {
  const row = await db<RoutineRecord>('routines').where({ id, vessel_id: vesselId }).first();
  return row ? rowOf(row) : null;
}

export async function insertRoutine(db: Db, vesselId: number, input: Required<RoutineInput>, createdBy: number, nowIso: string): Promise<number> {
  return insertId(db, 'routines', {
    vessel_id: vesselId,
    name: input.name,
    enabled: input.enabled,
    match_all: input.matchAll,
    mode: input.mode,
    time_zone: input.timeZone,
    definition: JSON.stringify({ triggers: input.triggers, conditions: input.conditions, actions: input.actions }),
    created_by: createdBy,
    created_at: nowIso,
    updated_at: nowIso,
  });
}

export const setEnabled = (db: Db, id: number, enabled: boolean, nowIso: string) => db('routines').where({ id }).update({ enabled, updated_at: nowIso });

export const deleteRoutine = (db: Db, id: number) => db('routines').where({ id }).delete();

interface RunRecord {
  id: number;
  routine_id: number;
  started_at: string;
  finished_at: string | null;
  outcome: RunOutcome;
  trace: string;
}

type RunTrace = Pick<RoutineRun, 'trigger' | 'conditions' | 'actions'>;

const runOf = (r: RunRecord): RoutineRun => ({
  id: r.id,
  routineId: r.routine_id,
  startedAt: r.started_at,
  finishedAt: r.finished_at,
  outcome: r.outcome,
  ...(JSON.parse(r.trace) as RunTrace),
});

/** Stores a new run and forgets the routine's runs beyond the last RUNS_KEPT. */
export async function insertRun(db: Db, routineId: number, startedAt: string, outcome: RunOutcome, trace: RunTrace): Promise<number> {
  const id = await insertId(db, 'routine_runs', { routine_id: routineId, started_at: startedAt, outcome, trace: JSON.stringify(trace) });
  const kept = db('routine_runs').where({ routine_id: routineId }).orderBy('id', 'desc').limit(RUNS_KEPT).select('id');
  await db('routine_runs').where({ routine_id: routineId }).whereNotIn('id', kept).delete();
  return id;
}

export const updateRun = (db: Db, id: number, finishedAt: string | null, outcome: RunOutcome, trace: RunTrace) =>
  db('routine_runs')
    .where({ id })
    .update({ finished_at: finishedAt, outcome, trace: JSON.stringify(trace) });

export const runsOf = async (db: Db, routineId: number): Promise<RoutineRun[]> =>
  (await db<RunRecord>('routine_runs').where({ routine_id: routineId }).orderBy('id', 'desc').limit(RUNS_KEPT)).map(runOf);

/** The newest run of each routine. */
export async function lastRuns(db: Db, routineIds: number[]): Promise<Map<number, { startedAt: string; outcome: RunOutcome }>> {
  if (!routineIds.length) return new Map();
  const newest = db('routine_runs').whereIn('routine_id', routineIds).groupBy('routine_id').max({ id: 'id' });
  const rows = await db<RunRecord>('routine_runs').whereIn('id', newest).select('routine_id', 'started_at', 'outcome');
  return new Map(rows.map((r) => [r.routine_id, { startedAt: r.started_at, outcome: r.outcome }]));
}

/** When each schedule trigger of a routine last fired: trigger index → ms. */
export async function lastFired(db: Db, routineId: number): Promise<Map<number, number>> {
  const rows = await db('routine_schedules').where({ routine_id: routineId });
  return new Map(rows.map((r: { trigger_index: number; last_fired_ms: number | string }) => [r.trigger_index, Number(r.last_fired_ms)]));
}

/**
 * Claims a schedule's firing at `firedMs`: true only for the one caller that moved it on from
 * `previousMs` (null: never fired), so a firing is never run twice.
 */
export async function claimFiring(db: Db, routineId: number, triggerIndex: number, previousMs: number | null, firedMs: number): Promise<boolean> {
  if (previousMs === null) {
    try {
      await db('routine_schedules').insert({ routine_id: routineId, trigger_index: triggerIndex, last_fired_ms: firedMs });
      return true;
    } catch {
      return false;
    }
  }
  const updated = await db('routine_schedules')
    .where({ routine_id: routineId, trigger_index: triggerIndex, last_fired_ms: previousMs })
    .update({ last_fired_ms: firedMs });
  return updated === 1;
}
