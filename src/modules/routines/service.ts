/**
 * Keeping a vessel's routines: the rules checked on save (properties of this vessel only,
 * commands only to writable properties and only by an author who may control devices, notices
 * only to the vessel's people), the list with each routine's last run and next scheduled run,
 * their traces, and testing conditions against the vessel as it is now.
 */
import Boom from '@hapi/boom';
import type { Condition, ConditionsTest, DryRun, Routine, RoutineInput, RoutineRun } from '../../../contracts/routines.js';
import type { Database } from '../../db/knex.js';
import { allows, type VesselAccess } from '../access/api.js';
import { propertiesOfVessel, type VesselProperty } from '../devices/api.js';
import { currentLocation } from '../telemetry/api.js';
import { dryRun, MAX_RANGE_MS, samplesOfHistory, samplesOfLog } from './dry-run.js';
import type { RoutineEngine } from './engine.js';
import { cronProblem, isTimed, isTimeZone, judgeConditions, nextFiring } from './judge.js';
import * as repo from './repository.js';

export interface RoutinePeople {
  /** The author's own time zone, for a routine saved without one. */
  timeZoneOf(userId: number): Promise<string>;
  /** Whether the user may see the vessel at all (a notice goes only to its people). */
  isMember(userId: number, vesselId: number): Promise<boolean>;
}

interface PropertyField {
  field: string;
  propertyId: number;
}

/** The property ids a list of triggers, conditions or actions names, each with its field. */
const propertyFields = (items: ReadonlyArray<object>, list: string): PropertyField[] =>
  items.flatMap((item, i) =>
    'propertyId' in item && typeof item.propertyId === 'number' ? [{ field: `${list}[${i}].propertyId`, propertyId: item.propertyId }] : [],
  );

const iso = (ms: number) => new Date(ms).toISOString();

export class RoutinesService {
  constructor(
    private readonly db: Database,
    private readonly engine: RoutineEngine,
    private readonly people: RoutinePeople,
  ) {}

  async list(vesselId: number): Promise<Routine[]> {
    const rows = await repo.routinesOf(this.db, vesselId);
    const last = await repo.lastRuns(
      this.db,
      rows.map((r) => r.id),
    );
    const location = rows.some((r) => r.triggers.some((t) => t.type === 'sun')) ? await currentLocation(this.db, vesselId) : null;
    const now = this.engine.clock.now();
    return rows.map((row) => {
      const next = row.enabled
        ? row.triggers
            .filter(isTimed)
            .map((t) => nextFiring(t, now, row.timeZone, location))
            .filter((at): at is number => at !== null)
        : [];
      return { ...row, lastRun: last.get(row.id) ?? null, nextRunAt: next.length ? iso(Math.min(...next)) : null };
    });
  }

  async get(vesselId: number, routineId: number): Promise<Routine> {
    const routine = (await this.list(vesselId)).find((r) => r.id === routineId);
    if (!routine) throw Boom.notFound('Routine not found');
    return routine;
  }

  async create(vesselId: number, author: { id: number; access: VesselAccess }, input: RoutineInput): Promise<Routine> {
    const timeZone = input.timeZone ?? (await this.people.timeZoneOf(author.id));
    const routine = { ...input, timeZone, enabled: input.enabled ?? true };
    await this.check(vesselId, author, routine);
    const id = await repo.insertRoutine(this.db, vesselId, routine, author.id, iso(this.engine.clock.now()));
    await this.engine.reload(vesselId);
    return this.get(vesselId, id);
  }

  async remove(vesselId: number, routineId: number): Promise<void> {
    await this.get(vesselId, routineId);
    await repo.deleteRoutine(this.db, routineId);
    await this.engine.reload(vesselId);
  }

  async setEnabled(vesselId: number, routineId: number, enabled: boolean): Promise<Routine> {
    await this.get(vesselId, routineId);
    await repo.setEnabled(this.db, routineId, enabled, iso(this.engine.clock.now()));
    await this.engine.reload(vesselId);
    return this.get(vesselId, routineId);
  }

  /** Replays the routine over the vessel's stored history between two times, or over a delta log. */
  async dryRun(vesselId: number, authorId: number, input: RoutineInput, source: { fromMs: number; toMs: number } | { log: string }): Promise<DryRun> {
    const routine = { ...input, timeZone: input.timeZone ?? (await this.people.timeZoneOf(authorId)), enabled: true };
    const all = await this.references(vesselId, routine);
    const read = new Set([...routine.triggers, ...routine.conditions].flatMap((t) => (t.type === 'property' ? [t.propertyId] : [])));
    const properties = new Map([...all].filter(([id]) => read.has(id)));
    const commanded = new Map([...all].filter(([id]) => !read.has(id)));
    if ('log' in source) {
      const samples = samplesOfLog(source.log, properties);
      const range = { fromMs: samples[0]?.atMs ?? 0, toMs: samples.at(-1)?.atMs ?? 0 };
      return dryRun(this.db, vesselId, routine, properties, samples, range, commanded);
    }
    if (source.toMs <= source.fromMs) throw Boom.badRequest('to must be later than from');
    if (source.toMs - source.fromMs > MAX_RANGE_MS) throw Boom.badRequest('from and to may be at most 31 days apart');
    const samples = await samplesOfHistory(this.db, vesselId, properties, source.fromMs, source.toMs);
    return dryRun(this.db, vesselId, routine, properties, samples, source, commanded);
  }

  async runs(vesselId: number, routineId: number): Promise<RoutineRun[]> {
    await this.get(vesselId, routineId);
    return repo.runsOf(this.db, routineId);
  }

  async testConditions(vesselId: number, callerId: number, conditions: Condition[], matchAll: boolean, zone?: string): Promise<ConditionsTest> {
    const timeZone = zone ?? (await this.people.timeZoneOf(callerId));
    if (!isTimeZone(timeZone)) throw Boom.badRequest('timeZone is not a known time zone');
    const fields = propertyFields(conditions, 'conditions');
    await this.propertiesOf(vesselId, fields);
    const facts = await this.engine.factsOf(
      vesselId,
      fields.map((f) => f.propertyId),
    );
    return judgeConditions(conditions, matchAll, facts, this.engine.clock.now(), timeZone);
  }

  /** The properties named, all of this vessel, or a 400 naming the first field that is not. */
  async propertiesOf(vesselId: number, fields: PropertyField[]): Promise<Map<number, VesselProperty>> {
    const found = await propertiesOfVessel(
      this.db,
      vesselId,
      fields.map((f) => f.propertyId),
    );
    const missing = fields.find((f) => !found.has(f.propertyId));
    if (missing) throw Boom.badRequest(`${missing.field} is not a property of this vessel`);
    return found;
  }

  /** Everything a routine references is checked before it is saved. */
  async check(vesselId: number, author: { id: number; access: VesselAccess }, routine: Required<RoutineInput>): Promise<void> {
    const properties = await this.references(vesselId, routine);
    for (const [i, action] of routine.actions.entries()) {
      if (action.type === 'notify') {
        for (const userId of action.userIds ?? [])
          if (!(await this.people.isMember(userId, vesselId))) throw Boom.badRequest(`actions[${i}].userIds: user ${userId} is not a member of this vessel`);
      }
      if (action.type !== 'command') continue;
      const property = properties.get(action.propertyId)!;
      if (!property.writable) throw Boom.badRequest(`actions[${i}].propertyId: ${property.path} cannot be controlled`);
      if (
        typeof action.value === 'number' &&
        ((property.min !== null && action.value < property.min) || (property.max !== null && action.value > property.max))
      )
        throw Boom.badRequest(`actions[${i}].value must be between ${property.min ?? '-∞'} and ${property.max ?? '∞'}`);
      // A routine acts with its author's authority: no more than they could do by hand.
      if (!allows(author.access, { area: 'deviceManager', level: 'VIEW' }) || !allows(author.access, { flag: 'allowDeviceControl' }))
        throw Boom.forbidden(`actions[${i}]: sending commands needs device control on this vessel`);
    }
  }

  /** The time zone, schedules and properties a routine names, checked; answers its properties by id. */
  async references(vesselId: number, routine: Required<RoutineInput>): Promise<Map<number, VesselProperty>> {
    if (!isTimeZone(routine.timeZone)) throw Boom.badRequest('timeZone is not a known time zone');
    routine.triggers.forEach((t, i) => {
      const problem = t.type === 'schedule' ? cronProblem(t.cron, routine.timeZone) : null;
      if (problem) throw Boom.badRequest(`triggers[${i}].cron is not a valid schedule: ${problem}`);
    });
    return this.propertiesOf(vesselId, [
      ...propertyFields(routine.triggers, 'triggers'),
      ...propertyFields(routine.conditions, 'conditions'),
      ...propertyFields(routine.actions, 'actions'),
    ]);
  }
}
