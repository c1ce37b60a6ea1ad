/**
 * What other modules may ask of the vessel module: vessels by owner, the facts the access
 * module's directory needs (owners and names), vendors of an owner, and the operator's views
 * for the CLI. Who may do what is the access module's (`server.plugins.access.api` and the
 * vessel-scoped route option); the access functions below only keep older callers working.
 */
import type { Db } from '../../db/knex.js';
import {
  companyGrantsOn,
  countActiveMemberships,
  createAccessApi,
  grantCounts,
  grantsOn,
  setCompanyPausedOn,
  type AccessDirectory,
  type AccessNeed,
  type VesselAccess,
} from '../access/api.js';
import { bridgeOfVessel } from '../bridges/api.js';
import { staffCompaniesOf } from '../org/api.js';
import * as repo from './vessels/repository.js';

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
export const vesselNames: AccessDirectory['vesselNames'] = (db, ids) => repo.names(db, ids);

/** Vessels a user owns or is an active member of. */
export async function countVesselsOf(db: Db, userId: number): Promise<number> {
  return (await repo.countOwnedBy(db, userId)) + (await countActiveMemberships(db, userId));
}

export async function vesselsOwnedBy(db: Db, userId: number): Promise<VesselSummary[]> {
  return (await repo.vesselsOwnedBy(db, userId)).map((v) => ({ id: v.id, name: v.name, ownerId: v.ownerId }));
}

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

/** Pauses or resumes a company's access on every vessel the owner owns; answers how many. */
export async function setVendorPaused(db: Db, ownerId: number, companyId: number, paused: boolean): Promise<number> {
  return setCompanyPausedOn(
    db,
    companyId,
    (await repo.vesselsOwnedBy(db, ownerId)).map((v) => v.id),
    paused,
  );
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

// Kept for modules not yet on the access module; each answers exactly what the access module does.

const directory: AccessDirectory = { staffCompanies: staffCompaniesOf, vesselOwners, bridgeOf: bridgeOfVessel, vesselNames };

/** @deprecated Use `server.plugins.access.api.accessesOf`. */
export const accessesOf = (db: Db, userId: number, onlyVesselId?: number): Promise<Map<number, VesselAccess>> =>
  createAccessApi(db, directory).accessesOf(userId, onlyVesselId);

/** @deprecated Use the vessel-scoped route option or `server.plugins.access.api.accessOf`. */
export const accessOf = (db: Db, userId: number, vesselId: number): Promise<VesselAccess | null> => createAccessApi(db, directory).accessOf(userId, vesselId);

/** @deprecated Use the vessel-scoped route option (`plugins: { vessel: { needs } }`) or `server.plugins.access.api.requireAccess`. */
export const requireAccess = (db: Db, userId: number, vesselId: number, ...needs: AccessNeed[]): Promise<VesselAccess> =>
  createAccessApi(db, directory).requireAccess(userId, vesselId, ...needs);
