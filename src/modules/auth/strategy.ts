/**
 * The `session` auth strategy every route runs behind: @hapi/jwt's `jwt` scheme checks the key's
 * signature (HS256 only), issuer, audience, not-before, expiry and age; `validate` then asks the
 * session row (not revoked, not expired) and the user (active).
 */
import Jwt from '@hapi/jwt';
import type { AuthCredentials, Request, Server } from '@hapi/hapi';
import { TOKEN_ALGORITHM, TOKEN_AUDIENCE, TOKEN_ISSUER, type SessionTokens } from './tokens.js';

declare module '@hapi/hapi' {
  interface PluginSpecificConfiguration {
    /** true: the session key may also come as `?sessionKey=` (links for images, streams). */
    sessionKeyInQuery?: boolean;
  }
}

/** What the strategy needs to know about a session named by a valid key. */
export interface SessionCheck {
  /** The credentials of a live session of `userId` whose user may sign in, or null. */
  credentialsFor(sessionId: string, userId: number): Promise<AuthCredentials | null>;
}

/**
 * @hapi/jwt's published types give `validate`'s `credentials` the type of the user alone, while
 * the plugin makes the whole object `request.auth.credentials`; this is what it really takes.
 */
interface SessionStrategyOptions {
  keys: { key: string; algorithms: ['HS256'] };
  verify: { aud: string; iss: string; sub: false; nbf: boolean; exp: boolean; maxAgeSec: number };
  validate(artifacts: { decoded: { payload: unknown } }): Promise<{ isValid: boolean; credentials?: AuthCredentials }>;
}

const ENDED = 'Your session has ended. Please sign in again.';

export async function registerSessionStrategy(server: Server, tokens: SessionTokens, sessions: SessionCheck): Promise<void> {
  await server.register(Jwt);

  const options: SessionStrategyOptions = {
    keys: { key: tokens.secret, algorithms: [TOKEN_ALGORITHM] },
    verify: { aud: TOKEN_AUDIENCE, iss: TOKEN_ISSUER, sub: false, nbf: true, exp: true, maxAgeSec: tokens.ttlSeconds },
    async validate({ decoded }) {
      const claims = claimsOf(decoded.payload);
      // Thrown, so the 401 says why in the user's words instead of "Invalid credentials".
      const credentials = claims && (await sessions.credentialsFor(claims.sessionId, claims.userId));
      if (!credentials) throw new Error(ENDED);
      return { isValid: true, credentials };
    },
  };
  server.auth.strategy('session', 'jwt', options);
  server.auth.default('session');

  // @hapi/jwt reads a header or a cookie, and an <img> or <video> link can send neither. Routes
  // that opt in get their `?sessionKey=` copied into the header before authentication, so one
  // verification path serves both and no other route ever accepts a key from a URL.
  server.ext('onPreAuth', (request, h) => {
    const key = queryKeyOf(request);
    if (key && !request.headers.authorization) request.headers.authorization = `Bearer ${key}`;
    return h.continue;
  });
}

function queryKeyOf(request: Request): string | null {
  if (!request.route.settings.plugins?.sessionKeyInQuery) return null;
  const key = request.query.sessionKey;
  return typeof key === 'string' && key ? key : null;
}

function claimsOf(payload: unknown): { sessionId: string; userId: number } | null {
  if (typeof payload !== 'object' || payload === null || !('sid' in payload) || !('sub' in payload)) return null;
  const { sid, sub } = payload;
  const userId = typeof sub === 'string' && /^\d+$/.test(sub) ? Number(sub) : NaN;
  return typeof sid === 'string' && Number.isSafeInteger(userId) ? { sessionId: sid, userId } : null;
}
