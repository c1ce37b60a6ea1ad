/**
 * The bridges module's tables: bridges, bridge_usage, bridge_requests. Nothing else touches them.
 */
import type { Knex } from 'knex';
import type { Database } from '../../db/knex.js';
import { insertId, nowIso } from '../../db/knex.js';

type Db = Database | Knex.Transaction;

export interface BridgeRow {
  id: number;
  serial: string;
  secretHash: string;
  vesselId: number | null;
  version: string | null;
  online: boolean;
  lastSeenMs: number | null;
  createdAt: string;
}

export interface UsageDay {
  day: string;
  messages: number;
  bytes: number;
  rejected: number;
}

const toUsageDay = (r: UsageTableRow): UsageDay => ({ day: r.day, messages: Number(r.messages), bytes: Number(r.bytes), rejected: Number(r.rejected) });

export interface BridgeRequestRow {
  requestId: string;
  bridgeId: number;
  action: string;
  version: string | null;
  level: string | null;
  state: string;
  progress: number | null;
  message: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface BridgeTableRow {
  id: number;
  serial: string;
  secret_hash: string;
  pairing_code_hash: string | null;
  vessel_id: number | null;
  version: string | null;
  online: boolean | number;
  last_seen_ms: number | string | null;
  created_at: string;
  updated_at: string;
}

export interface UsageTableRow {
  bridge_id: number;
  day: string;
  messages: number | string;
  bytes: number | string;
  rejected: number | string;
}

export interface RequestTableRow {
  id: number;
  bridge_id: number;
  request_id: string;
  action: string;
  version: string | null;
  level: string | null;
  state: string;
  progress: number | null;
  message: string | null;
  requested_by: number | null;
  created_at: string;
  updated_at: string;
}

const toBridge = (r: BridgeTableRow): BridgeRow => ({
  id: r.id,
  serial: r.serial,
  secretHash: r.secret_hash,
  vesselId: r.vessel_id ?? null,
  version: r.version ?? null,
  online: Boolean(r.online),
  lastSeenMs: r.last_seen_ms === null || r.last_seen_ms === undefined ? null : Number(r.last_seen_ms),
  createdAt: r.created_at,
});

const toRequest = (r: RequestTableRow): BridgeRequestRow => ({
  requestId: r.request_id,
  bridgeId: r.bridge_id,
  action: r.action,
  version: r.version ?? null,
  level: r.level ?? null,
  state: r.state,
  progress: r.progress ?? null,
  message: r.message ?? null,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

export async function findBridge(db: Db, id: number): Promise<BridgeRow | null> {
  const row = await db<BridgeTableRow>('bridges').where({ id }).first();
  return row ? toBridge(row) : null;
}

export async function findBridgeBySerial(db: Db, serial: string): Promise<BridgeRow | null> {
  const row = await db<BridgeTableRow>('bridges').where({ serial }).first();
  return row ? toBridge(row) : null;
}

export async function findBridgeByPairingCode(db: Db, codeHash: string): Promise<BridgeRow | null> {
  const row = await db<BridgeTableRow>('bridges').where({ pairing_code_hash: codeHash }).first();
  return row ? toBridge(row) : null;
}

export async function bridgesOfVessels(db: Db, vesselIds: number[]): Promise<BridgeRow[]> {
  if (!vesselIds.length) return [];
  return (await db<BridgeTableRow>('bridges').whereIn('vessel_id', vesselIds)).map(toBridge);
}

export async function vesselIdsOfBridges(db: Db, bridgeIds: number[]): Promise<Map<number, number>> {
  if (!bridgeIds.length) return new Map();
  const rows = await db<BridgeTableRow>('bridges').whereIn('id', bridgeIds).whereNotNull('vessel_id').select('id', 'vessel_id');
  return new Map(rows.flatMap((r) => (r.vessel_id === null ? [] : [[r.id, r.vessel_id] as const])));
}

export async function listBridges(db: Db, filter: { q?: string; paired?: boolean }): Promise<BridgeRow[]> {
  const query = db<BridgeTableRow>('bridges').orderBy('serial');
  if (filter.q) query.whereILike('serial', `%${filter.q}%`);
  if (filter.paired === true) query.whereNotNull('vessel_id');
  if (filter.paired === false) query.whereNull('vessel_id');
  return (await query).map(toBridge);
}

export async function insertBridge(db: Db, row: { serial: string; secretHash: string; pairingCodeHash: string; version: string | null }): Promise<number> {
  const now = nowIso();
  return insertId(db, 'bridges', {
    serial: row.serial,
    secret_hash: row.secretHash,
    pairing_code_hash: row.pairingCodeHash,
    version: row.version,
    created_at: now,
    updated_at: now,
  });
}

export async function updateBridge(
  db: Db,
  id: number,
  patch: { serial?: string; version?: string | null; secretHash?: string; pairingCodeHash?: string | null; vesselId?: number | null },
): Promise<void> {
  const changes: Record<string, unknown> = { updated_at: nowIso() };
  if (patch.serial !== undefined) changes.serial = patch.serial;
  if (patch.version !== undefined) changes.version = patch.version;
  if (patch.secretHash !== undefined) changes.secret_hash = patch.secretHash;
  if (patch.pairingCodeHash !== undefined) changes.pairing_code_hash = patch.pairingCodeHash;
  if (patch.vesselId !== undefined) changes.vessel_id = patch.vesselId;
  await db<BridgeTableRow>('bridges').where({ id }).update(changes);
}

/** Pairs an unpaired bridge; false when it was paired meanwhile. */
export async function pairIfUnpaired(db: Db, id: number, vesselId: number): Promise<boolean> {
  const changed = await db<BridgeTableRow>('bridges').where({ id }).whereNull('vessel_id').update({ vessel_id: vesselId, updated_at: nowIso() });
  return changed === 1;
}

/** Replaces the pairing code of an unpaired bridge; false when it is paired. */
export async function replacePairingCodeIfUnpaired(db: Db, id: number, codeHash: string): Promise<boolean> {
  const changed = await db<BridgeTableRow>('bridges').where({ id }).whereNull('vessel_id').update({ pairing_code_hash: codeHash, updated_at: nowIso() });
  return changed === 1;
}

export async function deleteBridge(db: Db, id: number): Promise<void> {
  await db<BridgeTableRow>('bridges').where({ id }).delete();
}

export async function setOnline(db: Db, id: number, online: boolean, lastSeenMs: number): Promise<void> {
  await db<BridgeTableRow>('bridges').where({ id }).update({ online, last_seen_ms: lastSeenMs });
}

/** After a restart no bridge is connected, whatever the table said when the server stopped. */
export async function setAllOffline(db: Db): Promise<void> {
  await db<BridgeTableRow>('bridges').where({ online: true }).update({ online: false });
}

export async function recordActivity(
  db: Database,
  lastSeen: Array<{ bridgeId: number; ms: number }>,
  usage: Array<{ bridgeId: number } & UsageDay>,
): Promise<void> {
  if (!lastSeen.length && !usage.length) return;
  await db.transaction(async (trx) => {
    for (const { bridgeId, ms } of lastSeen) await trx<BridgeTableRow>('bridges').where({ id: bridgeId }).update({ last_seen_ms: ms });
    for (const u of usage) {
      await trx('bridge_usage')
        .insert({ bridge_id: u.bridgeId, day: u.day, messages: u.messages, bytes: u.bytes, rejected: u.rejected })
        .onConflict(['bridge_id', 'day'])
        .merge({
          messages: trx.raw('bridge_usage.messages + excluded.messages'),
          bytes: trx.raw('bridge_usage.bytes + excluded.bytes'),
          rejected: trx.raw('bridge_usage.rejected + excluded.rejected'),
        });
    }
  });
}

export async function usageOf(db: Db, bridgeId: number, fromDay: string, toDay: string): Promise<UsageDay[]> {
  const rows = await db<UsageTableRow>('bridge_usage').where({ bridge_id: bridgeId }).whereBetween('day', [fromDay, toDay]).orderBy('day');
  return rows.map(toUsageDay);
}

export async function insertRequest(
  db: Db,
  row: { bridgeId: number; requestId: string; action: string; version?: string; level?: string; requestedBy: number | null },
): Promise<void> {
  const now = nowIso();
  await db<RequestTableRow>('bridge_requests').insert({
    bridge_id: row.bridgeId,
    request_id: row.requestId,
    action: row.action,
    version: row.version ?? null,
    level: row.level ?? null,
    state: 'PENDING',
    requested_by: row.requestedBy,
    created_at: now,
    updated_at: now,
  });
}

export async function updateRequest(
  db: Db,
  bridgeId: number,
  requestId: string,
  patch: { state: string; progress?: number; message?: string },
): Promise<boolean> {
  const changed = await db<RequestTableRow>('bridge_requests')
    .where({ bridge_id: bridgeId, request_id: requestId })
    .update({ state: patch.state, progress: patch.progress ?? null, message: patch.message ?? null, updated_at: nowIso() });
  return changed > 0;
}

export async function latestRequest(db: Db, bridgeId: number, action: string): Promise<BridgeRequestRow | null> {
  const row = await db<RequestTableRow>('bridge_requests').where({ bridge_id: bridgeId, action }).orderBy('id', 'desc').first();
  return row ? toRequest(row) : null;
}
