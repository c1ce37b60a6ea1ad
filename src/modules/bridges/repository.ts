/**
 * The bridges module's tables: bridges, bridge_usage, bridge_requests. Nothing else touches them.
 */
import type { Knex } from 'knex';
import type { Database } from '../../db/knex.js';
import { insertId, nowIso } from '../../db/knex.js';
import { paginate, type Page, type PageRequest } from '../../platform/pagination.js';
import type { ConnectionEvent, Rollout, RolloutStatus, UsageDay } from '../../../contracts/admin.js';
import type { ReportedController } from '../../../contracts/bridge.js';

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

export type { UsageDay };

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
  first_paired_at?: string | null;
  pairing_ended_at?: string | null;
  controllers?: string | null;
  controllers_at?: string | null;
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
  patch: {
    serial?: string;
    version?: string | null;
    secretHash?: string;
    pairingCodeHash?: string | null;
    vesselId?: number | null;
    pairingEndedAt?: string;
  },
): Promise<void> {
  const changes: Record<string, unknown> = { updated_at: nowIso() };
  if (patch.serial !== undefined) changes.serial = patch.serial;
  if (patch.version !== undefined) changes.version = patch.version;
  if (patch.secretHash !== undefined) changes.secret_hash = patch.secretHash;
  if (patch.pairingCodeHash !== undefined) changes.pairing_code_hash = patch.pairingCodeHash;
  if (patch.vesselId !== undefined) changes.vessel_id = patch.vesselId;
  if (patch.pairingEndedAt !== undefined) changes.pairing_ended_at = patch.pairingEndedAt;
  await db<BridgeTableRow>('bridges').where({ id }).update(changes);
}

/** The vessel a bridge reports for (null while unpaired) and when its last pairing ended (null before any has); null for no such bridge. */
export async function pairingOf(db: Db, id: number): Promise<{ vesselId: number | null; endedAt: string | null } | null> {
  const row = await db<BridgeTableRow>('bridges').where({ id }).first('vessel_id', 'pairing_ended_at');
  return row ? { vesselId: row.vessel_id ?? null, endedAt: row.pairing_ended_at ?? null } : null;
}

/** Pairs an unpaired bridge; false when it was paired meanwhile. */
export async function pairIfUnpaired(db: Db, id: number, vesselId: number): Promise<boolean> {
  const now = nowIso();
  const changed = await db<BridgeTableRow>('bridges')
    .where({ id })
    .whereNull('vessel_id')
    .update({ vessel_id: vesselId, updated_at: now, first_paired_at: db.raw('coalesce(first_paired_at, ?)', [now]) });
  return changed === 1;
}

/** When the bridge now paired with each vessel was first paired with any vessel (null without a bridge). */
export async function firstPairedAtOfVessels(db: Db, vesselIds: number[]): Promise<Map<number, string | null>> {
  const out = new Map<number, string | null>(vesselIds.map((id) => [id, null]));
  if (!vesselIds.length) return out;
  const rows = await db<BridgeTableRow>('bridges').whereIn('vessel_id', vesselIds).select('vessel_id', 'first_paired_at');
  for (const row of rows) if (row.vessel_id !== null) out.set(row.vessel_id, row.first_paired_at ?? null);
  return out;
}

/** Replaces the pairing code of an unpaired bridge; false when it is paired. */
export async function replacePairingCodeIfUnpaired(db: Db, id: number, codeHash: string): Promise<boolean> {
  const changed = await db<BridgeTableRow>('bridges').where({ id }).whereNull('vessel_id').update({ pairing_code_hash: codeHash, updated_at: nowIso() });
  return changed === 1;
}

export async function deleteBridge(db: Db, id: number): Promise<void> {
  await db<BridgeTableRow>('bridges').where({ id }).delete();
}

/** Records the bridge online or offline; answers its vessel (null when unpaired), or undefined when the bridge is gone. */
export async function setOnline(db: Db, id: number, online: boolean, lastSeenMs: number): Promise<number | null | undefined> {
  const rows: Array<Pick<BridgeTableRow, 'vessel_id'>> = await db('bridges').where({ id }).update({ online, last_seen_ms: lastSeenMs }, ['vessel_id']);
  return rows[0] ? rows[0].vessel_id : undefined;
}

/**
 * What a bridge's `status` reports, in one statement: its software version (`updated_at` moves
 * only when it differs from the stored one) and the controllers it reports, with when.
 */
export async function recordStatus(db: Db, id: number, status: { version?: string; controllers?: ReportedController[] }, atIso: string): Promise<void> {
  const changes: Record<string, unknown> = {};
  if (status.version) {
    changes.version = status.version;
    changes.updated_at = db.raw('CASE WHEN version = ? THEN updated_at ELSE ? END', [status.version, nowIso()]);
  }
  if (status.controllers) {
    changes.controllers = JSON.stringify(status.controllers);
    changes.controllers_at = atIso;
  }
  if (Object.keys(changes).length) await db('bridges').where({ id }).update(changes);
}

/** The controllers the bridge last reported (its `status`), with when; null when it never did. */
export async function controllersOf(db: Db, id: number): Promise<{ controllers: ReportedController[]; at: string } | null> {
  const row = await db<BridgeTableRow>('bridges').where({ id }).first('controllers', 'controllers_at');
  if (!row?.controllers || !row.controllers_at) return null;
  return { controllers: JSON.parse(row.controllers) as ReportedController[], at: row.controllers_at };
}

/**
 * Cluster mode: a disconnect seen by the node that held the connection. A bridge that meanwhile
 * connected to another node has a newer `last_seen_ms` (its connect time) and stays online.
 */
export async function setOfflineUnlessNewer(db: Db, id: number, lastSeenMs: number): Promise<void> {
  await db<BridgeTableRow>('bridges')
    .where({ id })
    .andWhere((q) => q.whereNull('last_seen_ms').orWhere('last_seen_ms', '<=', lastSeenMs))
    .update({ online: false, last_seen_ms: lastSeenMs });
}

/**
 * Cluster mode: a bridge whose node died goes offline, unless it was written since it was read
 * (a reconnect elsewhere writes its connect time). True when this call took it offline: of
 * several nodes finding the same dead bridge, one does.
 */
export async function setOfflineIfUnchanged(db: Db, id: number, lastSeenMs: number | null): Promise<boolean> {
  const q = db<BridgeTableRow>('bridges').where({ id, online: true });
  if (lastSeenMs === null) q.whereNull('last_seen_ms');
  else q.where({ last_seen_ms: lastSeenMs });
  return (await q.update({ online: false })) > 0;
}

/** Bridges the table says are online: {id, serial, vesselId, lastSeenMs}. */
export async function onlineBridges(db: Db): Promise<Array<Pick<BridgeRow, 'id' | 'serial' | 'vesselId' | 'lastSeenMs'>>> {
  const rows = await db<BridgeTableRow>('bridges').where({ online: true }).select('id', 'serial', 'vessel_id', 'last_seen_ms');
  return rows.map((r) => ({ id: r.id, serial: r.serial, vesselId: r.vessel_id ?? null, lastSeenMs: r.last_seen_ms === null ? null : Number(r.last_seen_ms) }));
}

/** After a restart no bridge is connected, whatever the table said when the server stopped. */
export async function setAllOffline(db: Db): Promise<void> {
  await db<BridgeTableRow>('bridges').where({ online: true }).update({ online: false });
}

/** Rows per multi-row statement of the activity flush: well under either database's limit of bound parameters. */
const ACTIVITY_CHUNK = 500;

/**
 * The activity flush (every 10 s): the last-seen time of every connected bridge and the usage
 * counted since the last flush, in multi-row statements, so that 10,000 connected bridges cost
 * a few dozen statements per flush rather than 20,000.
 */
export async function recordActivity(
  db: Database,
  lastSeen: Array<{ bridgeId: number; ms: number }>,
  usage: Array<{ bridgeId: number } & UsageDay>,
): Promise<void> {
  if (!lastSeen.length && !usage.length) return;
  await db.transaction(async (trx) => {
    for (let i = 0; i < lastSeen.length; i += ACTIVITY_CHUNK) {
      const chunk = lastSeen.slice(i, i + ACTIVITY_CHUNK);
      const cases = chunk.map(() => 'WHEN ? THEN CAST(? AS BIGINT)').join(' ');
      await trx<BridgeTableRow>('bridges')
        .whereIn(
          'id',
          chunk.map((b) => b.bridgeId),
        )
        .update({
          last_seen_ms: trx.raw(
            `CASE id ${cases} END`,
            chunk.flatMap((b) => [b.bridgeId, b.ms]),
          ),
        });
    }
    for (let i = 0; i < usage.length; i += ACTIVITY_CHUNK) {
      await trx('bridge_usage')
        .insert(
          usage.slice(i, i + ACTIVITY_CHUNK).map((u) => ({ bridge_id: u.bridgeId, day: u.day, messages: u.messages, bytes: u.bytes, rejected: u.rejected })),
        )
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

export interface BridgeCounts {
  total: number;
  online: number;
  paired: number;
}

export async function bridgeCounts(db: Db): Promise<BridgeCounts> {
  const rows = await db<BridgeTableRow>('bridges').select('online', 'vessel_id');
  return { total: rows.length, online: rows.filter((r) => Boolean(r.online)).length, paired: rows.filter((r) => r.vessel_id !== null).length };
}

/** Messages of every bridge per day (UTC) from `fromDay` on. */
export async function fleetUsageSince(db: Db, fromDay: string): Promise<UsageDay[]> {
  const rows = await db('bridge_usage')
    .where('day', '>=', fromDay)
    .groupBy('day')
    .orderBy('day')
    .select('day')
    .sum({ messages: 'messages', bytes: 'bytes', rejected: 'rejected' });
  return (rows as UsageTableRow[]).map(toUsageDay);
}

// Connection history.

export type { ConnectionEvent };

interface ConnectionTableRow {
  id: number;
  bridge_id: number;
  event: 'connected' | 'disconnected';
  at_ms: number | string;
}

/** Keeps 90 days of history per bridge. */
const HISTORY_MS = 90 * 86_400_000;

/** Adds a connect or disconnect; a connect also trims what is past the 90 days (once a connection is enough). */
export async function insertConnectionEvent(db: Db, bridgeId: number, event: ConnectionEvent['event'], atMs: number): Promise<void> {
  await db<ConnectionTableRow>('bridge_connections').insert({ bridge_id: bridgeId, event, at_ms: atMs });
  if (event !== 'connected') return;
  await db<ConnectionTableRow>('bridge_connections')
    .where({ bridge_id: bridgeId })
    .where('at_ms', '<', atMs - HISTORY_MS)
    .delete();
}

/** A bridge's connects and disconnects, newest first. */
export async function connectionHistory(db: Db, bridgeId: number, page: number, size: number): Promise<{ totalElements: number; content: ConnectionEvent[] }> {
  const base = db<ConnectionTableRow>('bridge_connections').where({ bridge_id: bridgeId });
  const count = await base.clone().count<{ n: number | string }[]>({ n: '*' }).first();
  const rows = await base
    .clone()
    .orderBy('at_ms', 'desc')
    .orderBy('id', 'desc')
    .limit(size)
    .offset(page * size);
  return { totalElements: Number(count?.n ?? 0), content: rows.map((r) => ({ event: r.event, at: new Date(Number(r.at_ms)).toISOString() })) };
}

// Staged software rollouts (docs/decisions.md, "Staged software rollouts").

export type { RolloutStatus };

/** A stored rollout: the answered one (contracts/admin.ts) without its counts and targets. */
export type RolloutRow = Omit<Rollout, 'counts' | 'progress' | 'targets'> & { updatedAt: string };

interface RolloutTableRow {
  id: number;
  version: string;
  status: RolloutStatus;
  percentage: number;
  stage: number;
  failure_percent: number;
  stop_reason: string | null;
  created_by: number | null;
  created_at: string;
  updated_at: string;
  finished_at: string | null;
}

export interface RolloutTargetRow {
  rolloutId: number;
  bridgeId: number;
  serial: string;
  stage: number;
  requestId: string | null;
  state: string;
  progress: number | null;
  message: string | null;
  sentAt: string | null;
  updatedAt: string;
}

interface TargetTableRow {
  id: number;
  rollout_id: number;
  bridge_id: number;
  stage: number;
  request_id: string | null;
  state: string;
  progress: number | null;
  message: string | null;
  sent_at: string | null;
  updated_at: string;
}

const toRollout = (r: RolloutTableRow): RolloutRow => ({
  id: r.id,
  version: r.version,
  status: r.status,
  percentage: r.percentage,
  stage: r.stage,
  failurePercent: r.failure_percent,
  stopReason: r.stop_reason,
  createdBy: r.created_by,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
  finishedAt: r.finished_at,
});

const toTarget = (r: TargetTableRow & { serial: string }): RolloutTargetRow => ({
  rolloutId: r.rollout_id,
  bridgeId: r.bridge_id,
  serial: r.serial,
  stage: r.stage,
  requestId: r.request_id,
  state: r.state,
  progress: r.progress,
  message: r.message,
  sentAt: r.sent_at,
  updatedAt: r.updated_at,
});

export async function insertRollout(
  db: Db,
  rollout: { version: string; percentage: number; failurePercent: number; createdBy: number | null; at: string },
  targets: Array<{ bridgeId: number; stage: number }>,
): Promise<number> {
  const id = await insertId(db, 'rollouts', {
    version: rollout.version,
    status: 'running',
    percentage: rollout.percentage,
    stage: 1,
    failure_percent: rollout.failurePercent,
    created_by: rollout.createdBy,
    created_at: rollout.at,
    updated_at: rollout.at,
  });
  for (const t of targets)
    await db<TargetTableRow>('rollout_targets').insert({ rollout_id: id, bridge_id: t.bridgeId, stage: t.stage, state: 'WAITING', updated_at: rollout.at });
  return id;
}

export async function findRollout(db: Db, id: number): Promise<RolloutRow | null> {
  const row = await db<RolloutTableRow>('rollouts').where({ id }).first();
  return row ? toRollout(row) : null;
}

export async function listRollouts(db: Db, status?: RolloutStatus): Promise<RolloutRow[]> {
  const q = db<RolloutTableRow>('rollouts').orderBy('id', 'desc');
  if (status) q.where({ status });
  return (await q).map(toRollout);
}

export async function updateRollout(
  db: Db,
  id: number,
  patch: { status?: RolloutStatus; stage?: number; stopReason?: string | null; at: string },
): Promise<void> {
  const row: Partial<RolloutTableRow> = { updated_at: patch.at };
  if (patch.status) row.status = patch.status;
  if (patch.status && patch.status !== 'running') row.finished_at = patch.at;
  if (patch.stage !== undefined) row.stage = patch.stage;
  if (patch.stopReason !== undefined) row.stop_reason = patch.stopReason;
  await db<RolloutTableRow>('rollouts').where({ id }).update(row);
}

/** Targets of rollouts with their bridges' serials, in serial order. */
export async function targetsOf(db: Db, rolloutIds: number[]): Promise<RolloutTargetRow[]> {
  if (!rolloutIds.length) return [];
  const rows = await db<TargetTableRow>('rollout_targets')
    .join('bridges', 'bridges.id', 'rollout_targets.bridge_id')
    .whereIn('rollout_targets.rollout_id', rolloutIds)
    .orderBy('bridges.serial')
    .select<Array<TargetTableRow & { serial: string }>>('rollout_targets.*', 'bridges.serial');
  return rows.map(toTarget);
}

export async function updateTarget(
  db: Db,
  rolloutId: number,
  bridgeId: number,
  patch: { state: string; requestId?: string | null; progress?: number | null; message?: string | null; sentAt?: string | null; at: string },
): Promise<void> {
  const row: Partial<TargetTableRow> = { state: patch.state, updated_at: patch.at };
  if (patch.requestId !== undefined) row.request_id = patch.requestId;
  if (patch.progress !== undefined) row.progress = patch.progress;
  if (patch.message !== undefined) row.message = patch.message;
  if (patch.sentAt !== undefined) row.sent_at = patch.sentAt;
  await db<TargetTableRow>('rollout_targets').where({ rollout_id: rolloutId, bridge_id: bridgeId }).update(row);
}

/** The rollout target a bridge's admin request belongs to, if any. */
export async function targetOfRequest(db: Db, bridgeId: number, requestId: string): Promise<{ rolloutId: number } | null> {
  const row = await db<TargetTableRow>('rollout_targets').where({ bridge_id: bridgeId, request_id: requestId }).first('rollout_id');
  return row ? { rolloutId: row.rollout_id } : null;
}

/** Targets of running rollouts released to their stage but not sent yet (their bridge was offline). */
export async function waitingTargetsOfBridge(db: Db, bridgeId: number): Promise<Array<{ rolloutId: number; version: string }>> {
  const rows = await db('rollout_targets')
    .join('rollouts', 'rollouts.id', 'rollout_targets.rollout_id')
    .where({ 'rollout_targets.bridge_id': bridgeId, 'rollout_targets.state': 'WAITING', 'rollouts.status': 'running' })
    .whereRaw('rollout_targets.stage <= rollouts.stage')
    .orderBy('rollouts.id')
    .select<Array<{ rollout_id: number; version: string }>>('rollout_targets.rollout_id', 'rollouts.version');
  return rows.map((r) => ({ rolloutId: r.rollout_id, version: r.version }));
}

export interface BridgeFilter {
  q?: string;
  paired?: boolean;
  online?: boolean;
  version?: string;
}

export function bridgesQuery(db: Db, f: BridgeFilter) {
  const q = db<BridgeTableRow>('bridges').select('*');
  if (f.q) q.whereILike('serial', `%${f.q}%`);
  if (f.paired === true) q.whereNotNull('vessel_id');
  if (f.paired === false) q.whereNull('vessel_id');
  if (f.online !== undefined) q.where({ online: f.online });
  if (f.version) q.where({ version: f.version });
  return q;
}

export const BRIDGE_SORTS = { serial: 'serial', version: 'version', lastSeen: 'last_seen_ms', createdAt: 'created_at', online: 'online' };

export const pageBridges = (db: Db, request: PageRequest<BridgeFilter>): Promise<Page<BridgeRow>> =>
  paginate(bridgesQuery(db, request.filter), request, BRIDGE_SORTS, ['serial', 'asc'], toBridge);
