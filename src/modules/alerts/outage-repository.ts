/**
 * The alerts module's outage table (docs/decisions.md, "One notice per outage"): per vessel, the
 * outage under way, from its bridge's first disconnect until it has been back steadily, with
 * whether it was announced. Every step that sends something is a conditional update, so two
 * sweeps (two nodes, or a restart meeting the old process) send it once.
 */
import type { Db } from '../../db/knex.js';
import { insertId } from '../../db/knex.js';

export interface OutageRow {
  id: number;
  vesselId: number;
  bridgeId: number;
  startedMs: number;
  /** Disconnected since then; null while connected again. */
  offlineSinceMs: number | null;
  /** Connected again since then; null while disconnected. */
  connectedSinceMs: number | null;
  /** When the offline notice went out; null: not announced. */
  announcedMs: number | null;
}

interface OutageRecord {
  id: number;
  vessel_id: number;
  bridge_id: number;
  started_ms: number | string;
  offline_since_ms: number | string | null;
  connected_since_ms: number | string | null;
  announced_ms: number | string | null;
  ended_ms: number | string | null;
}

const ms = (v: number | string | null): number | null => (v === null || v === undefined ? null : Number(v));

const toOutage = (r: OutageRecord): OutageRow => ({
  id: r.id,
  vesselId: r.vessel_id,
  bridgeId: r.bridge_id,
  startedMs: Number(r.started_ms),
  offlineSinceMs: ms(r.offline_since_ms),
  connectedSinceMs: ms(r.connected_since_ms),
  announcedMs: ms(r.announced_ms),
});

/** The vessel's outage under way, if any. */
export async function openOutage(db: Db, vesselId: number): Promise<OutageRow | null> {
  const row = await db<OutageRecord>('vessel_outages').where({ vessel_id: vesselId }).whereNull('ended_ms').orderBy('id', 'desc').first();
  return row ? toOutage(row) : null;
}

/** Every outage under way. */
export async function openOutages(db: Db): Promise<OutageRow[]> {
  return (await db<OutageRecord>('vessel_outages').whereNull('ended_ms').orderBy('id')).map(toOutage);
}

export async function startOutage(db: Db, vesselId: number, bridgeId: number, atMs: number): Promise<number> {
  return insertId(db, 'vessel_outages', { vessel_id: vesselId, bridge_id: bridgeId, started_ms: atMs, offline_since_ms: atMs });
}

/** The bridge went away again during the outage (it keeps its start and whether it was announced). */
export async function markDisconnected(db: Db, id: number, atMs: number): Promise<void> {
  await db('vessel_outages').where({ id }).whereNull('ended_ms').update({ offline_since_ms: atMs, connected_since_ms: null });
}

export async function markConnected(db: Db, id: number, atMs: number): Promise<void> {
  await db('vessel_outages').where({ id }).whereNull('ended_ms').update({ offline_since_ms: null, connected_since_ms: atMs });
}

/** Claims the offline notice; true for the one caller that may send it. */
export async function claimAnnouncement(db: Db, id: number, atMs: number): Promise<boolean> {
  return (await db('vessel_outages').where({ id }).whereNull('ended_ms').whereNull('announced_ms').update({ announced_ms: atMs })) === 1;
}

/** Ends the outage; true for the one caller that ended it (and may send its back-online notice). */
export async function endOutage(db: Db, id: number, atMs: number): Promise<boolean> {
  return (await db('vessel_outages').where({ id }).whereNull('ended_ms').update({ ended_ms: atMs })) === 1;
}
