/**
 * Who may see and do what on a vessel (docs/api.md, "Permission model"). The lowest of the
 * vessel modules: it owns the grants (`vessel_members`) and asks a directory, handed to it at
 * registration, for the facts it does not own (owners and names of vessels, whose staff a user
 * is, paired bridges), so
 * it depends on no module above it and every module may depend on it.
 */
import assert from 'node:assert';
import Boom from '@hapi/boom';
import type { RequestApplicationState } from '@hapi/hapi';
import type { Db } from '../../db/knex.js';
import type { CloudService, CloudServices } from '../../../contracts/billing.js';
import { atLeast, OWNER_PERMISSIONS, windowState } from '../../../contracts/permissions.js';
import type { EventBus } from '../../platform/events.js';
import { ReadThrough } from '../../platform/read-through.js';
import { Grants } from './grants.js';
import * as repo from './repository.js';
import type { AccessNeed, ScopeBridge, VesselAccess, VesselRole, VesselScope } from './types.js';

export * from '../../../contracts/permissions.js';
export type { Grant, Grantee } from './repository.js';
export type { Grants } from './grants.js';
export type { AccessNeed, ScopeBridge, VesselAccess, VesselRole, VesselScope } from './types.js';

/** What the access module asks of the modules that own vessels and companies. */
export interface AccessDirectory {
  /** Companies the user works for as active staff, and whether their staff membership is paused. */
  staffCompanies(db: Db, userId: number): Promise<Array<{ companyId: number; paused: boolean }>>;
  /** Owners of the vessels the user owns and of the listed vessels (one query). */
  vesselOwners(db: Db, query: { ownerId: number; vesselIds: number[]; onlyVesselId?: number }): Promise<Array<{ vesselId: number; ownerId: number }>>;
  /** The bridge paired to a vessel, for routes that talk to it. */
  bridgeOf(db: Db, vesselId: number): Promise<ScopeBridge | null>;
  /** Names of the vessels that exist among these ids. */
  vesselNames(db: Db, vesselIds: number[]): Promise<Map<number, string>>;
  /** Whether the vessel's cloud services are on (the unsubscribed-vessel rule of docs/product.md). */
  cloudServices(db: Db, vesselId: number, at: Date): Promise<CloudServices>;
  /** The 418 that says why a service is refused and how to renew, when the vessel's cloud services are off. */
  cloudServiceRefusal(db: Db, vesselId: number, service: CloudService, services: CloudServices, at: Date): Promise<Error>;
  /** Names of the companies that exist among these ids (for audit records of company staff). */
  companyNames(db: Db, companyIds: number[]): Promise<Map<number, string>>;
}

/** What the access module needs besides the database and its directory: the server's clock and the event bus. */
export interface AccessRuntime {
  now(): number;
  events: EventBus;
}

/**
 * Who may give, change, pause or revoke a company's technical access: the owner, or a member
 * (or company) holding both allowGrantTechnicalAccess and userManager MANAGE, so that a company
 * given only allowGrantTechnicalAccess cannot touch company grants, its own included.
 */
export const MANAGE_COMPANY_ACCESS: readonly AccessNeed[] = [{ flag: 'allowGrantTechnicalAccess' }, { area: 'userManager', level: 'MANAGE' }];

/** The needs of the devices and alerts areas, which routes of many modules ask for. */
export const DEVICES_VIEW: AccessNeed = { area: 'deviceManager', level: 'VIEW' };
export const DEVICES_MANAGE: AccessNeed = { area: 'deviceManager', level: 'MANAGE' };
export const ALERTS_VIEW: AccessNeed = { area: 'alertManager', level: 'VIEW' };
export const ALERTS_MANAGE: AccessNeed = { area: 'alertManager', level: 'MANAGE' };

/** Accesses kept in memory: the bound is for writers that announce nothing (the admin CLI). */
export const ACCESS_CACHE = { max: 10_000, ttlMs: 2000 } as const;

export function allows(access: VesselAccess, need: AccessNeed): boolean {
  if (access.paused) return false;
  if ('owner' in need) return access.role === 'owner';
  if ('flag' in need) return access.permissions[need.flag];
  return atLeast(access.permissions[need.area], need.level);
}

/**
 * Access that satisfies every need, or the error docs/api.md asks for: 404 without any access (never
 * reveal another tenant's vessel), 403 when paused or not permitted.
 */
export function check(access: VesselAccess | null, needs: readonly AccessNeed[]): VesselAccess {
  if (!access) throw Boom.notFound('Vessel not found');
  if (access.paused) throw Boom.forbidden('Your access to this vessel is paused');
  for (const need of needs) if (!allows(access, need)) throw Boom.forbidden(forbiddenMessage(need));
  return access;
}

function forbiddenMessage(need: AccessNeed): string {
  if ('owner' in need) return 'Only the owner of the vessel can do this';
  if ('flag' in need) return `You do not have the ${need.flag} permission on this vessel`;
  return `You need ${need.level} on ${need.area} for this`;
}

export interface AccessApi {
  /**
   * Every vessel a user can reach and how (three queries): owned, as a member (an accepted
   * invitation), or through the company they work for. The most direct way wins.
   */
  accessesOf(userId: number, onlyVesselId?: number): Promise<Map<number, VesselAccess>>;
  /** The caller's access to a vessel, or null (pending invitations, other tenants' and missing vessels look alike). */
  accessOf(userId: number, vesselId: number): Promise<VesselAccess | null>;
  requireAccess(userId: number, vesselId: number, ...needs: AccessNeed[]): Promise<VesselAccess>;
  /** The bridge paired to a vessel (kept like accesses: its pairing, online state and deletion are announced). */
  bridgeOf(vesselId: number): Promise<ScopeBridge | null>;
  /** Names of the vessels that exist among these ids (for views of modules that do not own vessels). */
  vesselNames(vesselIds: number[]): Promise<Map<number, string>>;
  /** Whether the vessel's live values, history and commands are on (a subscription or the test period). */
  cloudServices(vesselId: number): Promise<CloudServices>;
  /** Throws the 418 of the unsubscribed-vessel rule when the vessel's cloud services are off. */
  requireCloudService(vesselId: number, service: CloudService): Promise<void>;
  /**
   * Remembers the first request a company's staff make under its grant and announces it
   * (`company.firstUse`), once per grant; other access is left alone.
   */
  noteUse(access: VesselAccess, userId: number): Promise<void>;
  /** The grants themselves: members, invitations and companies. */
  grants: Grants;
  /**
   * Makes an entity that belongs to a vessel (a property, a device, an alert-log entry...) a key
   * of vessel-scoped routes (`plugins: { vessel: { entity: name } }`); its owning module registers
   * it once, at registration. A route naming an entity nobody registered fails at start.
   */
  registerEntity(name: string, entity: VesselEntity): void;
  /** A registered entity, for the vessel scope. */
  entity(name: string): VesselEntity | undefined;
}

/** How the vessel scope finds the vessel of an entity a route is keyed by. */
export interface VesselEntity {
  /** The 404 for a missing entity, and for another tenant's: the two look alike. */
  notFound: string;
  /** The vessel the entity belongs to, or null when there is no such entity (or it belongs to no vessel now). */
  vesselOf(id: number): Promise<number | null>;
}

export function createAccessApi(db: Db, directory: AccessDirectory, runtime: AccessRuntime): AccessApi {
  /** The accesses, and the next moment one of the grants read starts or ends (when the answer changes by itself). */
  const accessesAt = async (userId: number, onlyVesselId?: number): Promise<{ accesses: Map<number, VesselAccess>; untilMs: number }> => {
    const staff = await directory.staffCompanies(db, userId);
    const staffPaused = new Map(staff.map((s) => [s.companyId, s.paused]));
    const now = runtime.now();
    const held = await repo.activeGrantsFor(db, userId, [...staffPaused.keys()], onlyVesselId);
    const untilMs = Math.min(...held.flatMap((g) => [g.startsAt, g.endsAt].map((at) => (at === null ? Infinity : Date.parse(at))).filter((at) => at > now)));
    // A grant outside its window is no access at all: every route, the live stream and the company fleet ask here.
    const grants = held.filter((g) => windowState(g, now) === 'current');
    const owners = new Map(
      (await directory.vesselOwners(db, { ownerId: userId, vesselIds: [...new Set(grants.map((g) => g.vesselId))], onlyVesselId })).map((o) => [
        o.vesselId,
        o.ownerId,
      ]),
    );

    const out = new Map<number, VesselAccess>();
    const rank: Record<VesselRole, number> = { company: 0, member: 1, owner: 2 };
    const offer = (access: VesselAccess) => {
      const held = out.get(access.vesselId);
      if (!held || rank[access.role] > rank[held.role]) out.set(access.vesselId, access);
    };
    for (const g of grants) {
      const ownerId = owners.get(g.vesselId);
      if (ownerId === undefined) continue;
      if (g.userId === userId)
        offer({ vesselId: g.vesselId, ownerId, role: 'member', companyId: null, paused: g.paused, permissions: g.permissions, companyGrant: null });
      else if (g.companyId !== null)
        offer({
          vesselId: g.vesselId,
          ownerId,
          role: 'company',
          companyId: g.companyId,
          paused: g.paused || Boolean(staffPaused.get(g.companyId)),
          permissions: g.permissions,
          companyGrant: { id: g.id, endsAt: g.endsAt, used: g.firstUsedAt !== null },
        });
    }
    for (const [vesselId, ownerId] of owners) {
      if (ownerId === userId)
        offer({ vesselId, ownerId, role: 'owner', companyId: null, paused: false, permissions: { ...OWNER_PERMISSIONS }, companyGrant: null });
    }
    return { accesses: out, untilMs };
  };
  const accessesOf: AccessApi['accessesOf'] = async (userId, onlyVesselId) => (await accessesAt(userId, onlyVesselId)).accesses;
  // One caller's access to one vessel, asked by every vessel route: kept until a change is announced (docs/decisions.md, "Request caches").
  const cached = new ReadThrough<string, VesselAccess | null>(
    async (key) => {
      const [userId, vesselId] = key.split(':').map(Number);
      const { accesses, untilMs } = await accessesAt(userId, vesselId);
      return { value: accesses.get(vesselId) ?? null, untilMs };
    },
    { ...ACCESS_CACHE, now: runtime.now },
  );
  const bridges = new ReadThrough<number, ScopeBridge | null>(async (vesselId) => ({ value: await directory.bridgeOf(db, vesselId) }), {
    ...ACCESS_CACHE,
    now: runtime.now,
  });
  for (const name of ['access.changed', 'company.staff', 'company.firstUse', 'user.suspended', 'bridge.paired', 'bridge.deleted'] as const)
    runtime.events.on(name, () => (cached.clear(), bridges.clear()), { cluster: true });
  // A bridge coming or going changes what its vessel's bridge says (online, last seen), and nobody's access.
  runtime.events.on('bridge.online', ({ vesselId }) => vesselId !== null && bridges.forget(vesselId), { cluster: true });
  const accessOf: AccessApi['accessOf'] = (userId, vesselId) => cached.get(`${userId}:${vesselId}`);
  const entities = new Map<string, VesselEntity>();
  return {
    accessesOf,
    accessOf,
    requireAccess: async (userId, vesselId, ...needs) => check(await accessOf(userId, vesselId), needs),
    bridgeOf: (vesselId) => bridges.get(vesselId),
    vesselNames: (vesselIds) => directory.vesselNames(db, vesselIds),
    cloudServices: (vesselId) => directory.cloudServices(db, vesselId, new Date(runtime.now())),
    async requireCloudService(vesselId, service) {
      const at = new Date(runtime.now());
      const services = await directory.cloudServices(db, vesselId, at);
      if (!services.active) throw await directory.cloudServiceRefusal(db, vesselId, service, services, at);
    },
    async noteUse(access, userId) {
      const grant = access.companyGrant;
      if (!grant || grant.used || access.companyId === null) return;
      const at = new Date(runtime.now()).toISOString();
      if (await repo.markFirstUse(db, grant.id, at))
        runtime.events.emit('company.firstUse', { vesselId: access.vesselId, ownerId: access.ownerId, companyId: access.companyId, userId, at });
    },
    grants: new Grants(db, runtime.now, runtime.events),
    registerEntity(name, entity) {
      assert(!entities.has(name), `the vessel entity ${name} is registered twice`);
      entities.set(name, entity);
    },
    entity: (name) => entities.get(name),
  };
}

// Plain functions over the grants, for the modules that compose views of them (and the CLI).

export const grantsOn = (db: Db, vesselId: number): Promise<repo.Grant[]> => repo.grantsOn(db, vesselId);
export const grantCounts = (db: Db, vesselIds: number[]): Promise<Map<number, number>> => repo.grantCounts(db, vesselIds);
export const countActiveMemberships = (db: Db, userId: number): Promise<number> => repo.countActiveMemberships(db, userId);
export const companyGrantsOn = (db: Db, vesselIds: number[]): Promise<repo.Grant[]> => repo.companyGrantsOn(db, vesselIds);
/** The vessels a company may reach at `nowMs`: its active technical-access grants whose window is open (the company's fleet). */
export const grantsOfCompany = async (db: Db, companyId: number, nowMs: number): Promise<repo.Grant[]> =>
  (await repo.grantsOfCompany(db, companyId)).filter((g) => windowState(g, nowMs) === 'current');
/** Every accepted grant of a company, whatever its window (the admin console's company detail). */
export const allGrantsOfCompany = (db: Db, companyId: number): Promise<repo.Grant[]> => repo.grantsOfCompany(db, companyId);
/**
 * Removes every grant on a vessel but those to the kept people and companies, in the caller's
 * transaction (a transfer of ownership); answers the grants removed. The caller announces
 * `access.changed` once the transaction commits.
 */
export async function removeGrantsExcept(db: Db, vesselId: number, keep: { userIds: number[]; companyIds: number[] }): Promise<repo.Grant[]> {
  const removed = (await repo.grantsOn(db, vesselId)).filter((g) =>
    g.companyId !== null ? !keep.companyIds.includes(g.companyId) : g.userId === null || !keep.userIds.includes(g.userId),
  );
  await repo.deleteGrants(
    db,
    removed.map((g) => g.id),
  );
  return removed;
}
/** Pauses or resumes a company on these vessels; answers how many grants changed. */
export const setCompanyPausedOn = (db: Db, companyId: number, vesselIds: number[], paused: boolean): Promise<number> =>
  repo.setCompanyPausedOn(db, companyId, vesselIds, paused);

// The vessel-scoped route option (scope.ts resolves it before the handler).

export interface VesselRouteOptions {
  /**
   * The route is keyed by an entity of a vessel (`property`, `device`...), not the vessel: the id
   * at `param`, `query` or `payload` is the entity's, and the vessel is the one its module
   * resolves (`registerEntity`). A missing entity and another tenant's answer the entity's 404.
   */
  entity?: string;
  /** Where the vessel id (or the entity's) is: `params.id` unless said otherwise. */
  param?: string;
  query?: string;
  /** A payload field, or a dotted path to one (`filter.vesselId`). */
  payload?: string;
  needs?: readonly AccessNeed[];
  /** Load the paired bridge too (null when none is paired). */
  bridge?: boolean;
  /** A cloud service an unsubscribed vessel refuses (418) outside its test period, checked after the needs. */
  cloudService?: Exclude<CloudService, 'history'>;
}

declare module '@hapi/hapi' {
  interface PluginSpecificConfiguration {
    vessel?: VesselRouteOptions;
  }
  interface RequestApplicationState {
    vessel?: VesselScope;
  }
}

/** The scope of a vessel-scoped route; using it on another route is a programmer error. */
export function vesselOf(request: { app: RequestApplicationState; route: { path: string } }): VesselScope {
  const scope = request.app.vessel;
  assert(scope, `route ${request.route.path} has no plugins.vessel option`);
  return scope;
}
