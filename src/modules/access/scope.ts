/**
 * The vessel-scoped route option, resolved once right after authentication: a route that says
 * `plugins: { vessel: { needs: [...], bridge: true } }` gets the caller, their access to the
 * vessel named by `params.id` (or the `param`/`query`/`payload` field it names) and, when asked, the paired
 * bridge, in `vesselOf(request)`; a caller without access never reaches the handler (404 for
 * no access at all, 403 when paused or not permitted). It runs before validation, so a caller
 * without access learns nothing from the route's validation messages either. A route keyed by
 * an entity of a vessel (`entity: 'property'`) names the entity's id instead, and its vessel is
 * the one the entity's module resolves; no access is then the entity's 404.
 *
 * The same access decides whether a link key to such a route is issued (modules/auth/link-keys.ts):
 * a caller gets none for a vessel they could not open the link of.
 */
import assert from 'node:assert';
import Boom from '@hapi/boom';
import type { Request, RequestRoute, ResponseToolkit, Server } from '@hapi/hapi';
import type { Db } from '../../db/knex.js';
import { auditTarget } from '../../platform/audit.js';
import { callerOf } from '../../platform/routes.js';
import { type AccessApi, type AccessDirectory, check, type VesselAccess, type VesselEntity, type VesselRouteOptions } from './api.js';

/** `name` may be a dotted path into the payload (`filter.vesselId`). */
function fieldOf(source: unknown, name: string): unknown {
  return name.split('.').reduce<unknown>((at, key) => (typeof at === 'object' && at !== null ? (at as Record<string, unknown>)[key] : undefined), source);
}

/** The vessel's (or the entity's) id as the client wrote it (before or after validation): a positive integer, or null. */
function idIn(request: { params: unknown; query: unknown; payload: unknown; route: { path: string } }, options: VesselRouteOptions): number | null {
  const raw = options.payload
    ? fieldOf(request.payload, options.payload)
    : options.query
      ? fieldOf(request.query, options.query)
      : fieldOf(request.params, options.param ?? 'id');
  assert(options.payload || options.query || raw !== undefined, `route ${request.route.path} has no {${options.param ?? 'id'}} parameter`);
  const text = typeof raw === 'number' ? String(raw) : raw;
  return typeof text === 'string' && /^\d{1,15}$/.test(text) && Number(text) >= 1 ? Number(text) : null;
}

/** The 404 of a route whose id names nothing the caller may reach. */
function notFound(api: AccessApi, options: VesselRouteOptions): Boom.Boom {
  return Boom.notFound(options.entity ? entityOf(api, options.entity).notFound : 'Vessel not found');
}

function entityOf(api: AccessApi, name: string): VesselEntity {
  const entity = api.entity(name);
  assert(entity, `no module registered the vessel entity ${name}`);
  return entity;
}

/** The caller's access to the vessel of the route's id, checked against the route's needs. */
async function accessTo(api: AccessApi, userId: number, options: VesselRouteOptions, id: number): Promise<VesselAccess> {
  const vesselId = options.entity ? await entityOf(api, options.entity).vesselOf(id) : id;
  const held = vesselId === null ? null : await api.accessOf(userId, vesselId);
  if (!held) throw notFound(api, options);
  return check(held, options.needs ?? []);
}

export function registerVesselScope(server: Server, db: Db, api: AccessApi, directory: AccessDirectory): void {
  const resolve = async (request: Request, options: VesselRouteOptions, id: number) => {
    const caller = callerOf(request);
    const access = await accessTo(api, caller.id, options, id);
    const { vesselId } = access;
    if (access.companyId !== null) {
      // Whatever staff do under a company grant is recorded with the company as well as the person.
      const name = (await directory.companyNames(db, [access.companyId])).get(access.companyId) ?? '';
      auditTarget(request, { vesselId, company: { id: access.companyId, name } });
      await api.noteUse(access, caller.id);
    }
    if (options.cloudService) await api.requireCloudService(vesselId, options.cloudService);
    const bridge = options.bridge ? await api.bridgeOf(vesselId) : null;
    request.app.vessel = { vesselId, caller, access, bridge };
  };
  server.ext('onPostAuth', async (request: Request, h: ResponseToolkit) => {
    const options = request.route.settings.plugins?.vessel;
    const id = options ? idIn(request, options) : null;
    // Not plainly an id: validation decides (400 naming the field), and onPreHandler checks what it let through.
    if (options && id !== null) await resolve(request, options, id);
    return h.continue;
  });
  server.ext('onPreHandler', async (request: Request, h: ResponseToolkit) => {
    const options = request.route.settings.plugins?.vessel;
    if (options && !request.app.vessel) {
      const id = idIn(request, options);
      if (id === null) throw notFound(api, options);
      await resolve(request, options, id);
    }
    return h.continue;
  });
  // Every module has registered its entities by the time the server starts.
  server.ext('onPreStart', () => {
    for (const route of server.table()) {
      const entity = route.settings.plugins?.vessel?.entity;
      if (entity) entityOf(api, entity);
    }
  });
  // The auth module registers after this one: its API is there once every plugin is.
  server.dependency('auth', async (registered) => {
    registered.plugins.auth.api.guardLinks(async (userId: number, route: RequestRoute, params: Record<string, string>) => {
      const options = route.settings.plugins?.vessel;
      // A vessel named in the query or the payload is checked only when the link is followed.
      if (!options || options.query || options.payload) return;
      const id = idIn({ params, query: {}, payload: undefined, route }, options);
      if (id === null) throw notFound(api, options);
      const { vesselId } = await accessTo(api, userId, options, id);
      if (options.cloudService) await api.requireCloudService(vesselId, options.cloudService);
    });
  });
}
