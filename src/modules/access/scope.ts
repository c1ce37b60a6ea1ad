/**
 * The vessel-scoped route option, resolved once before the handler: a route that says
 * `plugins: { vessel: { needs: [...], bridge: true } }` gets the caller, their access to the
 * vessel named by `params.id` (or the `param`/`query`/`payload` field it names) and, when asked, the paired
 * bridge, in `vesselOf(request)`; a caller without access never reaches the handler (404 for
 * no access at all, 403 when paused or not permitted).
 */
import assert from 'node:assert';
import type { Request, ResponseToolkit, Server } from '@hapi/hapi';
import type { Db } from '../../db/knex.js';
import { callerOf } from '../../platform/routes.js';
import { type AccessApi, type AccessDirectory, check, type VesselRouteOptions } from './api.js';

/** `name` may be a dotted path into the payload (`filter.vesselId`). */
function fieldOf(source: unknown, name: string): unknown {
  return name.split('.').reduce<unknown>((at, key) => (typeof at === 'object' && at !== null ? (at as Record<string, unknown>)[key] : undefined), source);
}

function vesselIdIn(request: Request, options: VesselRouteOptions): number {
  const raw = options.payload ? fieldOf(request.payload, options.payload) : options.query ? fieldOf(request.query, options.query) : fieldOf(request.params, options.param ?? 'id');
  assert(typeof raw === 'number', `route ${request.route.path} must validate its vessel id as a number`);
  return raw;
}

export function registerVesselScope(server: Server, db: Db, api: AccessApi, directory: AccessDirectory): void {
  server.ext('onPreHandler', async (request: Request, h: ResponseToolkit) => {
    const options = request.route.settings.plugins?.vessel;
    if (!options) return h.continue;
    const caller = callerOf(request);
    const vesselId = vesselIdIn(request, options);
    const access = check(await api.accessOf(caller.id, vesselId), options.needs ?? []);
    const bridge = options.bridge ? await directory.bridgeOf(db, vesselId) : null;
    request.app.vessel = { vesselId, caller, access, bridge };
    return h.continue;
  });
}
