/**
 * A vessel's service schedule (docs/api.md, "Service schedules"): maintenance items due by engine
 * run hours, by calendar or both, the log of services done, and completing an item (which logs it
 * and restarts its interval). Run hours come from the telemetry module, documents from the vessel's
 * own documents; who may do what was settled by the vessel-scoped route option.
 */
import Boom from '@hapi/boom';
import type { Db } from '../../db/knex.js';
import {
  DEFAULT_REMINDER_DAYS,
  DEFAULT_REMINDER_HOURS,
  type EngineHours,
  type ServiceCompletion,
  type ServiceItem,
  type ServiceItemInput,
  type ServiceLogEntry,
  type ServiceSchedule,
} from '../../../contracts/service.js';
import { engineRunHours } from '../telemetry/api.js';
import { vesselDocumentNames } from '../vessel/api.js';
import { dayOf, dueOf } from './due.js';
import * as repo from './repository.js';

import type { Clock } from '../../platform/clock.js';
export type { Clock };

const round1 = (n: number): number => Math.round(n * 10) / 10;

export class ServiceSchedules {
  constructor(
    private readonly db: Db,
    readonly clock: Clock,
  ) {}

  today(): string {
    return dayOf(this.clock.now());
  }

  async engines(vesselId: number): Promise<EngineHours[]> {
    return (await engineRunHours(this.db, vesselId)).map((e) => ({ engine: e.engine, hours: round1(e.hours), timestamp: new Date(e.tsMs).toISOString() }));
  }

  /** Items with their due, as the engines' readings and the clock stand now. */
  view(item: repo.Item, engines: EngineHours[]): ServiceItem {
    const currentHours = item.engine === null ? null : (engines.find((e) => e.engine === item.engine)?.hours ?? null);
    const { remindedFor: _reminded, ...fields } = item;
    return { ...fields, currentHours, due: dueOf(item, currentHours, this.clock.now()) };
  }

  async schedule(vesselId: number): Promise<ServiceSchedule> {
    const engines = await this.engines(vesselId);
    const items = await repo.itemsOf(this.db, [vesselId]);
    return { items: items.map((i) => this.view(i, engines)), engines };
  }

  async item(vesselId: number, itemId: number): Promise<repo.Item> {
    const item = await repo.findItem(this.db, vesselId, itemId);
    if (!item) throw Boom.notFound('Service item not found');
    return item;
  }

  async add(vesselId: number, userId: number, input: ServiceItemInput): Promise<ServiceItem> {
    const engines = await this.engines(vesselId);
    const fields = this.fields(input, engines, null);
    const id = await repo.insertItem(this.db, vesselId, fields, userId, new Date(this.clock.now()).toISOString());
    return this.view(await this.item(vesselId, id), engines);
  }

  async edit(vesselId: number, itemId: number, input: ServiceItemInput): Promise<ServiceItem> {
    const before = await this.item(vesselId, itemId);
    const engines = await this.engines(vesselId);
    await repo.updateItem(this.db, itemId, this.fields(input, engines, before), new Date(this.clock.now()).toISOString());
    return this.view(await this.item(vesselId, itemId), engines);
  }

  async remove(vesselId: number, itemId: number): Promise<void> {
    await this.item(vesselId, itemId);
    await repo.deleteItem(this.db, itemId);
  }

  /** Logs the service and restarts the item's interval from that day and those run hours. */
  async complete(
    vesselId: number,
    itemId: number,
    caller: { userId: number; seesDocuments: boolean },
    done: ServiceCompletion,
  ): Promise<{ item: ServiceItem; entry: ServiceLogEntry }> {
    const item = await this.item(vesselId, itemId);
    const engines = await this.engines(vesselId);
    const doneOn = this.pastDay(done.doneOn, 'doneOn');
    const reading = item.engine === null ? null : (engines.find((e) => e.engine === item.engine)?.hours ?? null);
    const runHours = done.runHours ?? reading;
    if (item.intervalHours !== null && runHours === null) {
      throw Boom.badRequest(`runHours is required: no run hours have been received from the ${item.engine} engine yet`);
    }
    const documentIds = [...new Set(done.documentIds ?? [])];
    if (documentIds.length && !caller.seesDocuments) throw Boom.forbidden('You need VIEW on documents to attach documents');
    const names = await vesselDocumentNames(this.db, vesselId, documentIds);
    if (names.size !== documentIds.length) throw Boom.badRequest('documentIds names a document this vessel does not have');
    const createdAt = new Date(this.clock.now()).toISOString();
    const entryId = await this.db.transaction(async (trx) => {
      const id = await repo.insertLog(trx, {
        vesselId,
        itemId,
        itemName: item.name,
        doneOn,
        runHours,
        doneBy: done.doneBy ?? '',
        notes: done.notes ?? '',
        recordedBy: caller.userId,
        createdAt,
        documentIds,
      });
      // A service logged for an earlier day than the last one does not move the interval back.
      if (doneOn >= item.lastDoneOn) await repo.restartItem(trx, itemId, doneOn, item.engine === null ? item.lastDoneHours : runHours, createdAt);
      return id;
    });
    const entry = (await this.log(vesselId, caller.seesDocuments)).find((e) => e.id === entryId)!;
    return { item: this.view(await this.item(vesselId, itemId), engines), entry };
  }

  /** The log, newest first; documents are named only to those who may read the vessel's documents. */
  async log(vesselId: number, seesDocuments: boolean): Promise<ServiceLogEntry[]> {
    const entries = await repo.logOf(this.db, vesselId);
    const names = seesDocuments
      ? await vesselDocumentNames(
          this.db,
          vesselId,
          entries.flatMap((e) => e.documentIds),
        )
      : new Map<number, string>();
    return entries.map(({ documentIds, ...e }) => ({ ...e, documents: seesDocuments ? documentIds.map((id) => ({ id, name: names.get(id) ?? '' })) : [] }));
  }

  private fields(input: ServiceItemInput, engines: EngineHours[], before: repo.Item | null): repo.ItemFields {
    const engine = input.engine ?? null;
    const intervalHours = input.intervalHours ?? null;
    const intervalMonths = input.intervalMonths ?? null;
    if (intervalHours === null && intervalMonths === null) throw Boom.badRequest('intervalHours or intervalMonths is required (or both)');
    if (intervalHours !== null && engine === null) throw Boom.badRequest('engine is required with intervalHours: run hours are counted on one engine');
    const reading = engines.find((e) => e.engine === engine)?.hours ?? null;
    // An edit that leaves the engine and its hours interval keeps the run hours of the last
    // service, even unknown ones (a schedule taken over from paper counts by calendar until the
    // next service); a new item, or a new engine, starts from the engine's reading.
    const kept = before !== null && before.engine === engine && before.intervalHours !== null && input.lastDoneHours === undefined;
    const lastDoneHours = engine === null ? null : kept ? before.lastDoneHours : (input.lastDoneHours ?? reading);
    if (intervalHours !== null && lastDoneHours === null && !kept) {
      throw Boom.badRequest(`lastDoneHours is required: no run hours have been received from the ${engine} engine yet`);
    }
    return {
      name: input.name,
      engine,
      intervalHours,
      intervalMonths,
      reminderHours: input.reminderHours ?? before?.reminderHours ?? DEFAULT_REMINDER_HOURS,
      reminderDays: input.reminderDays ?? before?.reminderDays ?? DEFAULT_REMINDER_DAYS,
      lastDoneOn: input.lastDoneOn ? this.pastDay(input.lastDoneOn, 'lastDoneOn') : (before?.lastDoneOn ?? this.today()),
      lastDoneHours,
    };
  }

  /** A day that is not after today; today when not given. */
  private pastDay(day: string | undefined, field: string): string {
    if (day === undefined) return this.today();
    if (day > this.today()) throw Boom.badRequest(`${field} cannot be in the future`);
    return day;
  }
}
