/**
 * How a route is written (docs/architecture.md, "The shape of a module"): one route a file,
 * `defineRoute<{ Params, Query, Payload }>(...)` so the handler's request is typed from the
 * route's own validation, and `callerOf(request)` for the signed-in user. Vessel-scoped routes
 * add `plugins: { vessel: { needs: [...] } }` and read `vesselOf(request)` (modules/access).
 */
import assert from 'node:assert';
import type { AuthCredentials, ReqRef, ReqRefDefaults, ServerRoute } from '@hapi/hapi';

declare module '@hapi/hapi' {
  /** What the `session` strategy puts in `request.auth.credentials.user`. */
  interface UserCredentials {
    id: number;
    email: string;
    isAdmin: boolean;
  }
  interface AuthCredentials {
    sessionId?: string;
  }
}

export interface Caller {
  id: number;
  email: string;
  isAdmin: boolean;
}

/**
 * Type-checks a route's handler against its request shape, then hands hapi the plain route
 * (a server's route list holds routes of many shapes).
 */
export function defineRoute<Refs extends ReqRef = ReqRefDefaults>(route: ServerRoute<Refs>): ServerRoute {
  return route as unknown as ServerRoute;
}

/** The signed-in user of an authenticated route; calling it on a public route is a programmer error. */
export function callerOf(request: { auth: { credentials: AuthCredentials }; route: { path: string } }): Caller {
  const user = request.auth.credentials?.user;
  assert(user, `route ${request.route.path} is not authenticated`);
  return user;
}
