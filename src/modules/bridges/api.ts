/**
 * What other modules (and the operator's CLI) may ask of the bridges module: a vessel's bridge,
 * pairing and unpairing, which vessel a bridge's data belongs to, and the reporting clients
 * themselves: provisioning, listing, deletion, new pairing codes. Data is kept against the bridge
 * and resolved to its vessel when read, so what an unpaired bridge sent shows on the vessel it is
 * paired with next; what it sent under a pairing goes with that pairing (the vessel module's
 * pairing/end.ts).
 */
import type { ReportingClient as AdminReportingClient } from '../../../contracts/admin.js';
import Boom from '@hapi/boom';
import type { Knex } from 'knex';
import { type Database, nowIso } from '../../db/knex.js';
import { ruleRefused } from '../../platform/errors.js';
import type { Page, PageRequest } from '../../platform/pagination.js';
import { randomCode } from '../../platform/secrets.js';
import * as repo from './repository.js';
import { BridgeSecrets, newPairingCode, pairingCodeHash } from './secrets.js';
import type { IngestMeter } from './service.js';

export { BridgeSecrets } from './secrets.js';

/** What the bridges module keeps in memory for other modules (`server.plugins.bridges.api`). */
export interface BridgesApi {
  /** The messages bridges published, per minute (the admin overview's ingest rate). */
  ingest: IngestMeter;
}

/** A bridge's serial and software version as the admin CLI's flags take them. */
export { serial, version } from './schemas.js';
export type { RolloutTarget, RolloutView } from './rollouts.js';

type Db = Database | Knex.Transaction;

/** A vessel's bridge as the vessel shows it (docs/api.md `reportingClient` plus its connection state). */
export interface VesselBridge {
  id: number;
  serial: string;
  version: string | null;
  online: boolean;
  lastSeen: string | null;
}

const vesselBridgeOf = (row: repo.BridgeRow): VesselBridge => ({
  id: row.id,
  serial: row.serial,
  version: row.version,
  online: row.online,
  lastSeen: row.lastSeenMs === null ? null : new Date(row.lastSeenMs).toISOString(),
});

/** docs/api.md `reportingClient`: `{id, serial, version, online, lastSeen, vesselId | null}`, and when it was provisioned. */
export type ReportingClient = AdminReportingClient;

export const reportingClientOf = (row: repo.BridgeRow): ReportingClient => ({ ...vesselBridgeOf(row), vesselId: row.vesselId, createdAt: row.createdAt });

/**
 * Pairs the bridge carrying this code with a vessel. An unknown code is a 418 with a message for
 * the user (a mistyped code is a business refusal, not a missing object); a bridge already
 * paired (with this or another vessel) is a 409, and so is a vessel that already has a bridge.
 */
export async function pairBridge(db: Database, pairingCode: string, vesselId: number): Promise<VesselBridge> {
  return db.transaction(async (trx) => {
    const bridge = await repo.findBridgeByPairingCode(trx, pairingCodeHash(pairingCode));
    if (!bridge) throw ruleRefused('This pairing code is not valid. Check the code printed on the bridge.');
    if (bridge.vesselId !== null) throw Boom.conflict('This bridge is already paired with a vessel');
    if ((await repo.bridgesOfVessels(trx, [vesselId])).length) throw Boom.conflict('This vessel already has a bridge; unlink it first');
    if (!(await repo.pairIfUnpaired(trx, bridge.id, vesselId))) throw Boom.conflict('This bridge is already paired with a vessel');
    return vesselBridgeOf({ ...bridge, vesselId });
  });
}

/**
 * Detaches a vessel's bridge, gives the bridge a fresh pairing code (the old one no longer works)
 * and notes when the pairing ended; null when the vessel had no bridge. The bridge keeps its
 * connection; its data is the caller's to delete, in the same transaction.
 */
export async function unpairBridge(db: Db, vesselId: number): Promise<{ bridgeId: number; serial: string; pairingCode: string } | null> {
  const [bridge] = await repo.bridgesOfVessels(db, [vesselId]);
  if (!bridge) return null;
  const pairingCode = newPairingCode();
  await repo.updateBridge(db, bridge.id, { vesselId: null, pairingCodeHash: pairingCodeHash(pairingCode), pairingEndedAt: nowIso() });
  return { bridgeId: bridge.id, serial: bridge.serial, pairingCode };
}

export async function bridgeOfVessel(db: Db, vesselId: number): Promise<VesselBridge | null> {
  const [bridge] = await repo.bridgesOfVessels(db, [vesselId]);
  return bridge ? vesselBridgeOf(bridge) : null;
}

export async function bridgesOfVessels(db: Db, vesselIds: number[]): Promise<Map<number, VesselBridge>> {
  const rows = await repo.bridgesOfVessels(db, vesselIds);
  return new Map(rows.map((r) => [r.vesselId as number, vesselBridgeOf(r)]));
}

/**
 * When each vessel's bridge was first paired (with any vessel): the start of the vessel's test
 * period (docs/decisions.md, "Billing"); null when no bridge is paired.
 */
export const bridgesFirstPairedAt = (db: Db, vesselIds: number[]): Promise<Map<number, string | null>> => repo.firstPairedAtOfVessels(db, vesselIds);

/**
 * What the ingest keeps of a bridge: the vessel it reports for (null while unpaired), and the
 * time before which what it measured belongs to a pairing that has ended (-Infinity before any
 * has): such values arriving late (a buffer flushed after the end) are not stored.
 */
export async function pairingOfBridge(db: Db, bridgeId: number): Promise<{ vesselId: number | null; measuredFromMs: number }> {
  const pairing = await repo.pairingOf(db, bridgeId);
  return { vesselId: pairing?.vesselId ?? null, measuredFromMs: pairing?.endedAt ? Date.parse(pairing.endedAt) : -Infinity };
}

/** bridge id → id of the vessel it is paired with (unpaired bridges are absent). */
export const vesselIdsOfBridges = (db: Db, bridgeIds: number[]): Promise<Map<number, number>> => repo.vesselIdsOfBridges(db, bridgeIds);

/** The serial of a bridge provisioned without one: `VL-` and eight unambiguous characters. */
const newSerial = (): string => `VL-${randomCode(8)}`;

/**
 * Creates a reporting client with the given (or fresh) serial, secret and pairing code; for the
 * admin API, the CLI and fixtures.
 */
export async function provisionBridge(
  db: Db,
  secrets: BridgeSecrets,
  input: { serial?: string; version?: string | null; secret?: string; pairingCode?: string },
): Promise<{ bridgeId: number; serial: string; secret: string; pairingCode: string }> {
  const serial = input.serial ?? newSerial();
  if (await repo.findBridgeBySerial(db, serial)) throw Boom.conflict('A reporting client with this serial already exists');
  const secret = input.secret ?? secrets.newSecret();
  const pairingCode = input.pairingCode ?? newPairingCode();
  const bridgeId = await repo.insertBridge(db, {
    serial,
    secretHash: secrets.hash(secret),
    pairingCodeHash: pairingCodeHash(pairingCode),
    version: input.version ?? null,
  });
  return { bridgeId, serial, secret, pairingCode };
}

/** Reporting clients by serial; `q` searches the serial, `paired` filters on pairing. */
export async function listBridges(db: Db, filter: { q?: string; paired?: boolean } = {}): Promise<ReportingClient[]> {
  return (await repo.listBridges(db, filter)).map(reportingClientOf);
}

export async function findBridge(db: Db, by: { id: number } | { serial: string }): Promise<ReportingClient | null> {
  const row = 'id' in by ? await repo.findBridge(db, by.id) : await repo.findBridgeBySerial(db, by.serial);
  return row ? reportingClientOf(row) : null;
}

/**
 * Deletes a reporting client with everything it reported (the tables cascade) and answers it as
 * it was. Its connection is the caller's business: the bridge service closes it, and any broker
 * refuses the bridge at its next connect.
 */
export async function deleteBridge(db: Db, bridgeId: number): Promise<ReportingClient> {
  const row = await repo.findBridge(db, bridgeId);
  if (!row) throw Boom.notFound('Reporting client not found');
  await repo.deleteBridge(db, bridgeId);
  return reportingClientOf(row);
}

/**
 * A fresh pairing code for an unpaired bridge (the old one no longer works). A paired bridge is
 * refused with a 409: its owner unlinks it first, which also gives it a new code.
 */
export async function newPairingCodeFor(db: Db, bridgeId: number): Promise<{ bridgeId: number; serial: string; pairingCode: string }> {
  const row = await repo.findBridge(db, bridgeId);
  if (!row) throw Boom.notFound('Reporting client not found');
  const pairingCode = newPairingCode();
  // Checked again in the update itself: the owner may pair it meanwhile.
  if (row.vesselId === null && (await repo.replacePairingCodeIfUnpaired(db, row.id, pairingCodeHash(pairingCode)))) {
    return { bridgeId: row.id, serial: row.serial, pairingCode };
  }
  throw Boom.conflict(`Bridge ${row.serial} is paired with ${row.vesselId === null ? 'a vessel' : `vessel #${row.vesselId}`}; its owner must unlink it first`);
}

/** What an edit may change: serial, version, a new secret, a new pairing code. */
export interface BridgeEdit {
  serial?: string;
  version?: string | null;
  rotateSecret: boolean;
  newPairingCode: boolean;
}

/**
 * Edits a reporting client and answers it with the new secret or pairing code, each shown this
 * once. `disconnect` says whether its connection must be closed (a new secret or serial): the
 * bridge service closes it; a CLI in another process leaves it to the broker's next check.
 */
export async function editBridge(
  db: Db,
  secrets: BridgeSecrets,
  bridgeId: number,
  input: BridgeEdit,
): Promise<{ bridge: ReportingClient; secret?: string; pairingCode?: string; disconnect: boolean }> {
  const row = await repo.findBridge(db, bridgeId);
  if (!row) throw Boom.notFound('Reporting client not found');
  const serialChanges = input.serial !== undefined && input.serial !== row.serial;
  if (serialChanges && (await repo.findBridgeBySerial(db, input.serial!))) throw Boom.conflict('A reporting client with this serial already exists');
  const secret = input.rotateSecret ? secrets.newSecret() : undefined;
  const pairingCode = input.newPairingCode ? newPairingCode() : undefined;
  await repo.updateBridge(db, bridgeId, {
    serial: input.serial,
    version: input.version,
    secretHash: secret ? secrets.hash(secret) : undefined,
    pairingCodeHash: pairingCode ? pairingCodeHash(pairingCode) : undefined,
  });
  const updated = await repo.findBridge(db, bridgeId);
  return {
    bridge: reportingClientOf(updated!),
    ...(secret ? { secret } : {}),
    ...(pairingCode ? { pairingCode } : {}),
    disconnect: Boolean(secret) || serialChanges,
  };
}

/** Messages, bytes and rejected messages per UTC day, as written (up to 10 s behind the live count). */
export const storedUsageOf = (db: Db, bridgeId: number, fromDay: string, toDay: string): Promise<repo.UsageDay[]> => repo.usageOf(db, bridgeId, fromDay, toDay);

export type { BridgeCounts, BridgeFilter, UsageDay } from './repository.js';

/** A page of reporting clients (docs/api.md paging). */
export async function pageReportingClients(db: Db, request: PageRequest<repo.BridgeFilter>): Promise<Page<ReportingClient>> {
  const page = await repo.pageBridges(db, request);
  return { totalElements: page.totalElements, content: page.content.map(reportingClientOf) };
}

/** How many bridges there are, are online and are paired. */
export const bridgeCounts = (db: Db): Promise<repo.BridgeCounts> => repo.bridgeCounts(db);

/** Messages of the whole fleet per day (UTC) from `fromDay` on (what is flushed: up to 10 s behind). */
export const fleetUsageSince = (db: Db, fromDay: string): Promise<repo.UsageDay[]> => repo.fleetUsageSince(db, fromDay);

/** A bridge's connects and disconnects, newest first (90 days kept). */
export const connectionHistory = (db: Db, bridgeId: number, page: number, size: number) => repo.connectionHistory(db, bridgeId, page, size);
