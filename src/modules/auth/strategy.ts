/**
 * The `session` auth strategy every route runs behind. A session key is an HS256 JWT
 * (tokens.ts): @hapi/jwt's token functions check its signature, issuer, audience, not-before,
 * expiry and age, then the session row (not revoked, not expired) and its user (active) are
 * asked through the auth service's request cache.
 *
 * A key whose signature passed is remembered by its text (bounded, least recently used first
 * out), so the next request with it skips the base64, the JSON and the HMAC and only has its
 * claims checked against the clock again; one that fails them is forgotten. The session itself is
 * asked on every request, so a revoked session ends at once (docs/decisions.md, "Request caches").
 *
 * A link, which cannot send a header, carries a link key instead (link-keys.ts): only on routes
 * that declare `plugins: { linkKey: true }`, only for the path it names, and its session is asked
 * like a session key's. A session key in a link's query is refused, never used.
 */
import Boom from '@hapi/boom';
import Jwt, { type HapiJwt } from '@hapi/jwt';
import type { AuthCredentials, Request, ResponseToolkit, Server } from '@hapi/hapi';
import { LRUCache } from 'lru-cache';
import type { LinkKeys } from './link-keys.js';
import { TOKEN_ALGORITHM, TOKEN_AUDIENCE, TOKEN_ISSUER, type SessionTokens } from './tokens.js';

declare module '@hapi/hapi' {
  interface PluginSpecificConfiguration {
    /** true: a link key for this very path may come as `?linkKey=` (links for images, downloads, streams). */
    linkKey?: boolean;
  }
}

/** What the strategy needs to know about a session named by a valid key. */
export interface SessionCheck {
  /** The credentials of a live session of `userId` whose user may sign in, or null. */
  credentialsFor(sessionId: string, userId: number): Promise<AuthCredentials | null>;
}

const ENDED = 'Your session has ended. Please sign in again.';
const SESSION_KEY_IN_LINK = 'A link carries a link key (POST /api/auth/linkKeys), never the session key.';
const SCHEME = 'Bearer';
/** Verified keys remembered: one per open session on a busy server is far more than enough. */
const VERIFIED_KEYS = 10_000;

export function registerSessionStrategy(server: Server, tokens: SessionTokens, links: LinkKeys, sessions: SessionCheck): void {
  const secret = { key: tokens.secret, algorithm: TOKEN_ALGORITHM } as const;
  // Expiry and not-before are checked unless turned off; a subject is any user's id.
  const claimsRule = { aud: TOKEN_AUDIENCE, iss: TOKEN_ISSUER, sub: false, maxAgeSec: tokens.ttlSeconds } as const;
  const verified = new LRUCache<string, HapiJwt.Artifacts>({ max: VERIFIED_KEYS });

  /** The key's claims, or why it is refused (@hapi/jwt's words: "Token expired", "Invalid token signature"). */
  function claimsOf(key: string): { sessionId: string; userId: number } | string {
    try {
      let artifacts = verified.get(key);
      if (artifacts) {
        Jwt.token.verifyPayload(artifacts, claimsRule);
      } else {
        const decoded = Jwt.token.decode(key);
        Jwt.token.verifyPayload(decoded, claimsRule);
        Jwt.token.verifySignature(decoded, secret);
        verified.set(key, (artifacts = decoded));
      }
      return sessionClaims(artifacts.decoded.payload) ?? ENDED;
    } catch (err) {
      verified.delete(key);
      return err instanceof Error ? err.message : String(err);
    }
  }

  server.auth.scheme('session-key', () => ({
    async authenticate(request: Request, h: ResponseToolkit) {
      const key = keyOf(request);
      if (key instanceof Error) return h.unauthenticated(key);
      const claims = typeof key === 'string' ? claimsOf(key) : links.verify(key.link, request.path);
      // Refused with the reason, so the 401 says why in the user's words instead of "Invalid credentials".
      if (typeof claims === 'string') return h.unauthenticated(Boom.unauthorized(claims, SCHEME));
      const credentials = await sessions.credentialsFor(claims.sessionId, claims.userId);
      if (!credentials) return h.unauthenticated(Boom.unauthorized(ENDED, SCHEME));
      return h.authenticated({ credentials });
    },
  }));
  server.auth.strategy('session', 'session-key');
  server.auth.default('session');
}

/**
 * The session key from `Authorization: Bearer <key>`, or, on routes that opt in, the link key from
 * `?linkKey=`: an <img>, a download or an EventSource can send no header, and no route ever accepts
 * a session key from a URL (one sent as `?sessionKey=`, as links did before, is refused by name).
 * A request with no key gets hapi's "missing" 401, which `auth: { mode: 'optional' }` lets through.
 */
function keyOf(request: Request): string | { link: string } | Boom.Boom {
  const header: unknown = request.headers.authorization;
  if (typeof header !== 'string' || !header) {
    if (!request.route.settings.plugins?.linkKey) return Boom.unauthorized(null, SCHEME);
    const { linkKey, sessionKey } = request.query as { linkKey?: unknown; sessionKey?: unknown };
    if (sessionKey !== undefined) return Boom.unauthorized(SESSION_KEY_IN_LINK, SCHEME);
    return typeof linkKey === 'string' && linkKey ? { link: linkKey } : Boom.unauthorized(null, SCHEME);
  }
  const parts = header.split(/\s+/);
  if (parts[0].toLowerCase() !== SCHEME.toLowerCase() || !parts[1]) return Boom.unauthorized(null, SCHEME);
  if (parts.length !== 2) return Boom.unauthorized('Bad HTTP authentication header format', SCHEME);
  return parts[1];
}

function sessionClaims(payload: unknown): { sessionId: string; userId: number } | null {
  if (typeof payload !== 'object' || payload === null || !('sid' in payload) || !('sub' in payload)) return null;
  const { sid, sub } = payload;
  const userId = typeof sub === 'string' && /^\d+$/.test(sub) ? Number(sub) : NaN;
  return typeof sid === 'string' && Number.isSafeInteger(userId) ? { sessionId: sid, userId } : null;
}
