/** `service_items`, `service_log`, `service_log_documents`: only this file touches them. */
import type { ServiceItem } from '../../../contracts/service.js';
import type { Db } from '../../db/knex.js';
import { insertId } from '../../db/knex.js';

export interface ItemRow {
  id: number;
  vessel_id: number;
  name: string;
  engine: string | null;
  interval_hours: number | null;
  interval_months: number | null;
  reminder_hours: number;
  reminder_days: number;
  last_done_on: string;
  last_done_hours: number | null;
  reminded_for: string | null;
  created_by: number | null;
  created_at: string;
  updated_at: string;
}

/** An item as stored: the contract's ServiceItem without what is computed on reading, plus the due last reminded of. */
export type Item = Omit<ServiceItem, 'currentHours' | 'due'> & { remindedFor: string | null };

/** What an item is made of when added or edited. */
export type ItemFields = Omit<Item, 'id' | 'vesselId' | 'remindedFor'>;

const numberOrNull = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

const toItem = (r: ItemRow): Item => ({
  id: r.id,
  vesselId: r.vessel_id,
  name: r.name,
  engine: r.engine,
  intervalHours: numberOrNull(r.interval_hours),
  intervalMonths: numberOrNull(r.interval_months),
  reminderHours: Number(r.reminder_hours),
  reminderDays: Number(r.reminder_days),
  lastDoneOn: r.last_done_on,
  lastDoneHours: numberOrNull(r.last_done_hours),
  remindedFor: r.reminded_for,
});

const itemColumns = (f: ItemFields) => ({
  name: f.name,
  engine: f.engine,
  interval_hours: f.intervalHours,
  interval_months: f.intervalMonths,
  reminder_hours: f.reminderHours,
  reminder_days: f.reminderDays,
  last_done_on: f.lastDoneOn,
  last_done_hours: f.lastDoneHours,
});

export async function itemsOf(db: Db, vesselIds: number[]): Promise<Item[]> {
  if (!vesselIds.length) return [];
  return (await db<ItemRow>('service_items').whereIn('vessel_id', vesselIds).orderBy('id')).map(toItem);
}

export async function allItems(db: Db): Promise<Item[]> {
  return (await db<ItemRow>('service_items').orderBy('vessel_id').orderBy('id')).map(toItem);
}

/** An item of this vessel; another vessel's item is as absent as a missing one. */
export async function findItem(db: Db, vesselId: number, id: number): Promise<Item | null> {
  const row = await db<ItemRow>('service_items').where({ id, vessel_id: vesselId }).first();
  return row ? toItem(row) : null;
}

export async function insertItem(db: Db, vesselId: number, fields: ItemFields, createdBy: number, at: string): Promise<number> {
  return insertId(db, 'service_items', { vessel_id: vesselId, ...itemColumns(fields), created_by: createdBy, created_at: at, updated_at: at });
}

export async function updateItem(db: Db, id: number, fields: ItemFields, at: string): Promise<void> {
  await db('service_items')
    .where({ id })
    .update({ ...itemColumns(fields), updated_at: at });
}

export async function restartItem(db: Db, id: number, doneOn: string, doneHours: number | null, at: string): Promise<void> {
  await db('service_items').where({ id }).update({ last_done_on: doneOn, last_done_hours: doneHours, updated_at: at });
}

export async function markReminded(db: Db, id: number, key: string): Promise<void> {
  await db('service_items').where({ id }).update({ reminded_for: key });
}

export async function deleteItem(db: Db, id: number): Promise<void> {
  await db('service_items').where({ id }).delete();
}

interface LogRow {
  id: number;
  vessel_id: number;
  item_id: number | null;
  item_name: string;
  done_on: string;
  run_hours: number | null;
  done_by: string;
  notes: string;
  recorded_by: number | null;
  created_at: string;
}

export interface LogEntry {
  id: number;
  vesselId: number;
  itemId: number | null;
  itemName: string;
  doneOn: string;
  runHours: number | null;
  doneBy: string;
  notes: string;
  recordedBy: number | null;
  createdAt: string;
  documentIds: number[];
}

export async function insertLog(db: Db, entry: Omit<LogEntry, 'id'>): Promise<number> {
  const id = await insertId(db, 'service_log', {
    vessel_id: entry.vesselId,
    item_id: entry.itemId,
    item_name: entry.itemName,
    done_on: entry.doneOn,
    run_hours: entry.runHours,
    done_by: entry.doneBy,
    notes: entry.notes,
    recorded_by: entry.recordedBy,
    created_at: entry.createdAt,
  });
  if (entry.documentIds.length) await db('service_log_documents').insert(entry.documentIds.map((documentId) => ({ log_id: id, document_id: documentId })));
  return id;
}

/** The vessel's log, newest service first. */
export async function logOf(db: Db, vesselId: number): Promise<LogEntry[]> {
  const rows: LogRow[] = await db<LogRow>('service_log').where({ vessel_id: vesselId }).orderBy('done_on', 'desc').orderBy('id', 'desc');
  const links: Array<{ log_id: number; document_id: number }> = rows.length
    ? await db('service_log_documents')
        .whereIn(
          'log_id',
          rows.map((r) => r.id),
        )
        .orderBy('document_id')
    : [];
  return rows.map((r) => ({
    id: r.id,
    vesselId: r.vessel_id,
    itemId: r.item_id,
    itemName: r.item_name,
    doneOn: r.done_on,
    runHours: numberOrNull(r.run_hours),
    doneBy: r.done_by,
    notes: r.notes,
    recordedBy: r.recorded_by,
    createdAt: r.created_at,
    documentIds: links.filter((l) => l.log_id === r.id).map((l) => l.document_id),
  }));
}
