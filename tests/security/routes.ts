/** The server's own route table, and requests that reach each route with placeholder ids. */
import type { RequestRoute, Server } from '@hapi/hapi';
import type { Audience } from './expectations.js';

export const routeKey = (route: { method: string; path: string }): string => `${route.method.toUpperCase()} ${route.path}`;

/** Every API route a client can call (the OpenAPI document is served by a library). */
export function apiRoutes(server: Server): RequestRoute[] {
  return server.table().filter((r) => r.path.startsWith('/api/') && !r.path.startsWith('/api/documentation') && r.method !== '*');
}

/** The route's declaration, as the matrix should repeat it. */
export function declaredAudience(route: RequestRoute): Audience {
  const settings = route.settings;
  const vessel = settings.plugins?.vessel;
  if (vessel)
    return {
      vessel: [...(vessel.needs ?? [])],
      ...(vessel.entity ? { entity: vessel.entity } : {}),
      ...(vessel.param ? { param: vessel.param } : {}),
      ...(vessel.query ? { query: vessel.query } : {}),
      ...(vessel.payload ? { payload: vessel.payload } : {}),
    };
  // hapi's route table keeps `auth: false` as false, which its types do not admit.
  const auth: unknown = settings.auth;
  // `optional` / `try`: anyone may call, a session only adds who the caller is.
  if (auth === false || (settings.auth?.mode && settings.auth.mode !== 'required')) return 'public';
  const scope = settings.auth?.access?.flatMap((a) => (a.scope ? a.scope.selection : []));
  if (scope?.includes('admin')) return 'admin';
  return 'user';
}

const PLACEHOLDERS: Record<string, string> = { state: 'true', flag: 'true', paused: 'true', level: 'info', kind: 'dealer' };
/** An id no record has. */
const NOTHING = 999999;

export interface Probe {
  method: string;
  url: string;
  payload?: string | Buffer;
  headers: Record<string, string>;
}

/**
 * A request for the route on `vesselId`, every other id a number that names nothing, and an empty
 * body; a route keyed by an entity of a vessel gets an entity id that names nothing either.
 */
export function probe(route: RequestRoute, audience: Audience, vesselId: number): Probe {
  const scopeId = typeof audience === 'object' && audience.entity ? NOTHING : vesselId;
  const vesselParam = typeof audience === 'object' && !audience.entity ? (audience.param ?? (audience.query || audience.payload ? null : 'id')) : null;
  const path = route.path.replace(/\{(\w+)\??\}/g, (_m, name: string) => (name === vesselParam ? String(vesselId) : (PLACEHOLDERS[name] ?? String(NOTHING))));
  const query = typeof audience === 'object' && audience.query ? `?${audience.query}=${scopeId}` : '';
  const probeRequest: Probe = { method: route.method.toUpperCase(), url: path + query, headers: {} };
  if (route.method === 'get' || route.method === 'delete') return probeRequest;
  const allow = route.settings.payload?.allow;
  const multipart = Array.isArray(allow) ? allow.includes('multipart/form-data') : allow === 'multipart/form-data';
  if (multipart) {
    probeRequest.headers['content-type'] = 'multipart/form-data; boundary=probe';
    probeRequest.payload = '--probe--\r\n';
  } else {
    probeRequest.headers['content-type'] = 'application/json';
    // A vessel named in the body sits at its dotted path (`filter.vesselId`).
    const body =
      typeof audience === 'object' && audience.payload ? audience.payload.split('.').reduceRight<unknown>((inner, key) => ({ [key]: inner }), scopeId) : {};
    probeRequest.payload = JSON.stringify(body);
  }
  return probeRequest;
}
