/**
 * What other modules may ask of the vessel module: vessels by owner, the facts the access
 * module's directory needs (owners and names), vendors of an owner, the operator's views for
 * the CLI, and the end of a pairing (`PairingEnd`, which server.ts builds). Who may do what is the
 * access module's (`server.plugins.access.api` and the vessel-scoped route option).
 */
import Boom from '@hapi/boom';
import type { Db } from '../../db/knex.js';
import { ruleRefused } from '../../platform/errors.js';
import {
  companyGrantsOn,
  countActiveMemberships,
  grantCounts,
  grantsOn,
  removeGrantsExcept,
  setCompanyPausedOn,
  type AccessDirectory,
  type VesselAccess,
} from '../access/api.js';
import { cloudServiceRefusal, cloudServicesOf } from '../billing/api.js';
import { bridgesFirstPairedAt } from '../bridges/api.js';
import * as documentsRepo from './documents/repository.js';
import * as repo from './vessels/repository.js';
import { type AlertCounts, vesselViews, type VesselView } from './vessels/view.js';

export type { AlertCounts, VesselView } from './vessels/view.js';
export { PairingEnd, type PairingData } from './pairing/end.js';

export * from './permissions.js';
export { allows, type AccessNeed, type VesselAccess, type VesselRole } from '../access/api.js';

export interface VesselSummary {
  id: number;
  name: string;
  ownerId: number;
}

/** Owners of the vessels a user owns and of the listed vessels, in one query (the access module's directory). */
export const vesselOwners: AccessDirectory['vesselOwners'] = (db, query) => repo.owners(db, query);

/** Names of the vessels that exist among these ids (the access module's directory). */
/** Whether the vessel's bridge may update its values and record its track (docs/decisions.md, "Vessel toggles"). */
export interface VesselReporting {
  gpsReporting: boolean;
  propertyUpdate: boolean;
}

/** A vessel's reporting switches; both on for a vessel that no longer exists (nothing will be shown of it anyway). */
export async function reportingOf(db: Db, vesselId: number): Promise<VesselReporting> {
  const vessel = await repo.findVessel(db, vesselId);
  return { gpsReporting: vessel?.gpsReporting ?? true, propertyUpdate: vessel?.propertyUpdate ?? true };
}

export const vesselNames: AccessDirectory['vesselNames'] = (db, ids) => repo.names(db, ids);

/**
 * Whether a vessel's cloud services are on: billing judges the subscription and the test period,
 * which starts when the bridges module says the vessel's bridge was first paired.
 */
export const cloudServices: AccessDirectory['cloudServices'] = async (db, vesselId, at) =>
  (await cloudServicesOf(db, await bridgesFirstPairedAt(db, [vesselId]), at)).get(vesselId)!;

export { cloudServiceRefusal };

/** Vessels a user owns or is an active member of. */
export async function countVesselsOf(db: Db, userId: number): Promise<number> {
  return (await repo.countOwnedBy(db, userId)) + (await countActiveMemberships(db, userId));
}

export async function vesselsOwnedBy(db: Db, userId: number): Promise<VesselSummary[]> {
  return (await repo.vesselsOwnedBy(db, userId)).map((v) => ({ id: v.id, name: v.name, ownerId: v.ownerId }));
}

/** owner id → how many vessels they own, in one query (a company's client list). */
export const vesselCountsOwnedBy = (db: Db, ownerIds: number[]): Promise<Map<number, number>> => repo.countsOwnedBy(db, ownerIds);

/** Companies with technical access to any vessel the user owns: the user's vendors. */
export async function vendorsOf(db: Db, ownerId: number): Promise<Array<{ companyId: number; paused: boolean; vesselIds: number[] }>> {
  const owned = (await repo.vesselsOwnedBy(db, ownerId)).map((v) => v.id);
  const byCompany = new Map<number, { companyId: number; paused: boolean; vesselIds: number[] }>();
  for (const g of await companyGrantsOn(db, owned)) {
    if (g.companyId === null) continue;
    const entry = byCompany.get(g.companyId) ?? { companyId: g.companyId, paused: true, vesselIds: [] };
    entry.vesselIds.push(g.vesselId);
    // A vendor counts as enabled while it has access to at least one of the owner's vessels.
    entry.paused = entry.paused && g.paused;
    byCompany.set(g.companyId, entry);
  }
  return [...byCompany.values()];
}

/**
 * Hands the vessel from `from` to `to` in the caller's transaction (the transfer module): refused
 * when `from` no longer owns it. Every grant goes but the kept people and companies; the new
 * owner's own membership goes too, an owner needs none. Answers the grants removed.
 */
export async function transferOwnership(trx: Db, vesselId: number, from: number, to: number, keep: { userIds: number[]; companyIds: number[] }) {
  if (!(await repo.setOwner(trx, vesselId, from, to))) throw ruleRefused('The seller no longer owns this vessel');
  return removeGrantsExcept(trx, vesselId, { userIds: keep.userIds.filter((id) => id !== to), companyIds: keep.companyIds });
}

/** Pauses or resumes a company's access on every vessel the owner owns; answers how many. */
export async function setVendorPaused(db: Db, ownerId: number, companyId: number, paused: boolean): Promise<number> {
  return setCompanyPausedOn(
    db,
    companyId,
    (await repo.vesselsOwnedBy(db, ownerId)).map((v) => v.id),
    paused,
  );
}

/**
 * The vessel views (docs/api.md Vessel, with banner state and active alerts) of the vessels
 * named, as each is reached through `accessById` (a company's fleet); missing vessels are left out.
 */
export async function vesselViewsOf(db: Db, ids: number[], accessById: Map<number, VesselAccess>, alertCounts: AlertCounts, at: Date): Promise<VesselView[]> {
  return vesselViews(db, await repo.vesselsByIds(db, ids), accessById, alertCounts, at);
}

/** Vessels built on these models whose owners consented to their manufacturer seeing them (`mfrAccess`). */
export async function consentingVesselsOfModels(db: Db, modelIds: number[]): Promise<Array<VesselSummary & { modelId: number }>> {
  return (await repo.consentingVesselsOfModels(db, modelIds)).map((v) => ({ id: v.id, name: v.name, ownerId: v.ownerId, modelId: v.modelId! }));
}

// Operator views (admin CLI): every vessel, not filtered by a caller's access.

export interface VesselListing extends VesselSummary {
  groupName: string | null;
  homePort: string | null;
  memberCount: number;
  createdAt: string;
}

/** Every vessel by name; `q` searches the name, `ids` picks vessels (e.g. one for a detail view). */
export async function listVessels(db: Db, filter: { q?: string; ownerId?: number; ids?: number[] } = {}): Promise<VesselListing[]> {
  const vessels = await repo.listVessels(db, filter);
  const counts = await grantCounts(
    db,
    vessels.map((v) => v.id),
  );
  return vessels.map((v) => ({
    id: v.id,
    name: v.name,
    ownerId: v.ownerId,
    groupName: v.groupName,
    homePort: v.homePort,
    memberCount: counts.get(v.id) ?? 0,
    createdAt: v.createdAt,
  }));
}

export interface VesselMemberListing {
  userId: number | null;
  companyId: number | null;
  invitedEmail: string | null;
  status: 'pending' | 'active';
  paused: boolean;
  permissions: VesselAccess['permissions'];
}

export async function membersOfVessel(db: Db, vesselId: number): Promise<VesselMemberListing[]> {
  return (await grantsOn(db, vesselId)).map((g) => ({
    userId: g.userId,
    companyId: g.companyId,
    invitedEmail: g.invitedEmail,
    status: g.status,
    paused: g.paused,
    permissions: g.permissions,
  }));
}

export { USER_TYPES } from './user-types.js';
export type { DocumentCategory } from './vessels/repository.js';

/** Document categories, by name (the admin catalogue). */
export const documentCategories = (db: Db) => repo.documentCategories(db);

/** Adds a document category; 409 when one has this name (case does not matter). */
export async function addDocumentCategory(db: Db, name: string): Promise<repo.DocumentCategory> {
  if (await repo.categoryNameTaken(db, name)) throw Boom.conflict('A document category with this name already exists');
  return repo.insertCategory(db, name);
}

export const countVessels = (db: Db): Promise<number> => repo.countVessels(db);

/** How many vessels are of this model (a used model cannot be deleted). */
export const countVesselsOfModel = (db: Db, modelId: number): Promise<number> => repo.countVesselsOfModel(db, modelId);

export const vesselsCreatedSince = (db: Db, sinceIso: string): Promise<string[]> => repo.vesselsCreatedSince(db, sinceIso);

/** Which of these documents belong to the vessel, with their names (another vessel's are left out). */
export async function vesselDocumentNames(db: Db, vesselId: number, ids: number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const documents = await documentsRepo.documentsOf(db, vesselId);
  return new Map(documents.filter((d) => ids.includes(d.id)).map((d) => [d.id, d.name]));
}
