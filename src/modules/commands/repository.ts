/**
 * The commands module's `device_commands` table: every command and its outcome, and the
 * commands queued for an offline vessel.
 */
import type { Knex } from 'knex';
import type { CommandState, CommandStatus } from '../../../contracts/live.js';
import type { Database } from '../../db/knex.js';

type Db = Database | Knex.Transaction;

export interface CommandRow {
  vesselId: number;
  bridgeId: number;
  requestId: string;
  propertyId: number;
  path: string;
  value: unknown;
  state: CommandState;
  statusCode: number;
  message: string | null;
  expiresAtMs: number | null;
  updatedAtMs: number;
}

interface StoredRow {
  vessel_id: number;
  bridge_id: number;
  request_id: string;
  property_id: number;
  path: string;
  value: string;
  state: CommandState;
  status_code: number;
  message: string | null;
  expires_at_ms: number | string | null;
  updated_at_ms: number | string;
}

const toRow = (r: StoredRow): CommandRow => ({
  vesselId: r.vessel_id,
  bridgeId: r.bridge_id,
  requestId: r.request_id,
  propertyId: r.property_id,
  path: r.path,
  value: JSON.parse(r.value),
  state: r.state,
  statusCode: r.status_code,
  message: r.message,
  expiresAtMs: r.expires_at_ms === null ? null : Number(r.expires_at_ms),
  updatedAtMs: Number(r.updated_at_ms),
});

export const commandStatusOf = (r: CommandRow): CommandStatus => ({
  requestId: r.requestId,
  propertyId: r.propertyId,
  value: r.value,
  state: r.state,
  statusCode: r.statusCode,
  ...(r.message ? { message: r.message } : {}),
  expiresAt: r.expiresAtMs === null ? null : new Date(r.expiresAtMs).toISOString(),
  updatedAt: new Date(r.updatedAtMs).toISOString(),
});

/** Stores a new command; false when the vessel already has one with this request id. */
export async function insertCommand(db: Db, row: CommandRow): Promise<boolean> {
  const inserted = await db('device_commands')
    .insert({
      vessel_id: row.vesselId,
      bridge_id: row.bridgeId,
      request_id: row.requestId,
      property_id: row.propertyId,
      path: row.path,
      value: JSON.stringify(row.value),
      state: row.state,
      status_code: row.statusCode,
      message: row.message,
      expires_at_ms: row.expiresAtMs,
      created_at_ms: row.updatedAtMs,
      updated_at_ms: row.updatedAtMs,
    })
    .onConflict(['vessel_id', 'request_id'])
    .ignore()
    .returning('id');
  return inserted.length > 0;
}

export async function updateCommand(
  db: Db,
  vesselId: number,
  requestId: string,
  change: { state: CommandState; statusCode: number; message: string | null; updatedAtMs: number },
): Promise<void> {
  await db('device_commands')
    .where({ vessel_id: vesselId, request_id: requestId })
    .update({ state: change.state, status_code: change.statusCode, message: change.message, updated_at_ms: change.updatedAtMs });
}

export async function findCommand(db: Db, vesselId: number, requestId: string): Promise<CommandRow | null> {
  const row: StoredRow | undefined = await db('device_commands').where({ vessel_id: vesselId, request_id: requestId }).first();
  return row ? toRow(row) : null;
}

/** A bridge's queued commands, oldest first. */
export async function queuedOf(db: Db, bridgeId: number): Promise<CommandRow[]> {
  const rows: StoredRow[] = await db('device_commands').where({ bridge_id: bridgeId, state: 'QUEUED' }).orderBy('id');
  return rows.map(toRow);
}

/** Queued commands of any bridge whose expiry has come. */
export async function expiredQueued(db: Db, nowMs: number): Promise<CommandRow[]> {
  const rows: StoredRow[] = await db('device_commands').where({ state: 'QUEUED' }).where('expires_at_ms', '<=', nowMs).orderBy('id');
  return rows.map(toRow);
}

/** A pairing ended: the commands sent or queued for its bridge go with it. */
export async function deletePairingCommands(db: Db, bridgeId: number): Promise<void> {
  await db('device_commands').where({ bridge_id: bridgeId }).delete();
}
