/**
 * Link keys (docs/decisions.md, "Link keys"): what a link carries in its query when it cannot send
 * a header (an <img>, a download, an EventSource), instead of the session key. A link key is an
 * HS256 JWT under a secret of its own, derived from the session secret, so neither kind of key
 * passes for the other. It names the session, its user and the one path it opens, for
 * LINK_KEY_TTL_SECONDS: on that path it authenticates as the session's user, whose access the
 * route checks as usual, and a session that ends takes its link keys with it (the strategy asks
 * for the session on every request).
 *
 * A key is issued only for a GET route that declares `plugins: { linkKey: true }`, and only when
 * the guards other modules add let the caller reach that route's object (the vessel scope:
 * modules/access/scope.ts).
 */
import assert from 'node:assert';
import { createHmac } from 'node:crypto';
import Boom from '@hapi/boom';
import Jwt from '@hapi/jwt';
import type { RequestRoute, Server } from '@hapi/hapi';
import type { Limiter, RateLimits } from '../../platform/rate-limit.js';
import { TOKEN_ALGORITHM, TOKEN_ISSUER } from './tokens.js';

/** Long enough for an image or a stream to start, and for a screen to renew the keys it shows. */
export const LINK_KEY_TTL_SECONDS = 5 * 60;
/** Per session: a fleet of 200 vessel pictures at once, with the renewals of a busy screen. */
export const LINK_KEY_LIMIT = { points: 300, windowSeconds: 60 } as const;

const LINK_AUDIENCE = 'vessel-link-links';

/** Refuses (throws a Boom) a link key to `route` for this user; a guard passes routes it does not know. */
export type LinkGuard = (userId: number, route: RequestRoute, params: Record<string, string>) => Promise<void>;

export interface LinkKey {
  linkKey: string;
  expiresAt: string;
}

/** What a valid link key opens. */
export interface LinkClaims {
  sessionId: string;
  userId: number;
}

export class LinkKeys {
  private readonly secret: { key: string; algorithm: typeof TOKEN_ALGORITHM };
  private readonly guards: LinkGuard[] = [];
  private readonly perSession: Limiter;

  constructor(
    sessionSecret: string,
    limits: RateLimits,
    private readonly now: () => number,
  ) {
    this.secret = { key: createHmac('sha256', sessionSecret).update('vessel-link link keys').digest('base64url'), algorithm: TOKEN_ALGORITHM };
    this.perSession = limits.limiter('auth.linkKeys', LINK_KEY_LIMIT, 'Too many links asked for. Please try again in a minute.');
  }

  addGuard(guard: LinkGuard): void {
    this.guards.push(guard);
  }

  /** A key for `path` (a GET route that takes link keys), once the guards let the caller reach it. */
  async issue(server: Server, session: LinkClaims, path: string): Promise<LinkKey> {
    await this.perSession.consume(session.sessionId);
    const route = server.match('GET', path);
    if (!route?.settings.plugins?.linkKey) throw Boom.badRequest('"path" is not an address that takes a link key');
    const params = paramsOf(route, path);
    for (const guard of this.guards) await guard(session.userId, route, params);
    const now = this.now();
    const linkKey = Jwt.token.generate({ sid: session.sessionId, sub: String(session.userId), path, iss: TOKEN_ISSUER, aud: LINK_AUDIENCE }, this.secret, {
      ttlSec: LINK_KEY_TTL_SECONDS,
      now,
    });
    return { linkKey, expiresAt: new Date((Math.floor(now / 1000) + LINK_KEY_TTL_SECONDS) * 1000).toISOString() };
  }

  /** The session a key opens `path` for, or why it does not (the words of the 401). */
  verify(key: string, path: string): LinkClaims | string {
    let payload: unknown;
    try {
      const decoded = Jwt.token.decode(key);
      Jwt.token.verifySignature(decoded, this.secret);
      Jwt.token.verifyPayload(decoded, { aud: LINK_AUDIENCE, iss: TOKEN_ISSUER, sub: false, maxAgeSec: LINK_KEY_TTL_SECONDS, now: this.now() });
      payload = decoded.decoded.payload;
    } catch (err) {
      return err instanceof Error && /expired|maximum age/i.test(err.message) ? 'This link has expired. Please reload the page.' : 'This link is not valid.';
    }
    const { sid, sub, path: keyPath } = payload as { sid?: unknown; sub?: unknown; path?: unknown };
    if (keyPath !== path) return 'This link is for another address.';
    const userId = typeof sub === 'string' && /^\d+$/.test(sub) ? Number(sub) : NaN;
    return typeof sid === 'string' && Number.isSafeInteger(userId) ? { sessionId: sid, userId } : 'This link is not valid.';
  }
}

/**
 * A route that takes link keys is a GET whose parameters are whole path segments, so the path a
 * key names gives them back; anything else is a programmer's mistake, refused when it is added.
 */
export function assertLinkRoute(route: RequestRoute): void {
  if (!route.settings.plugins?.linkKey) return;
  assert(route.method === 'get', `route ${route.method} ${route.path} takes link keys but is not a GET`);
  for (const segment of route.path.split('/'))
    assert(!segment.includes('{') || /^\{\w+\}$/.test(segment), `route ${route.path} takes link keys but has a parameter that is not a whole segment`);
}

function paramsOf(route: RequestRoute, path: string): Record<string, string> {
  const names = route.path.split('/');
  const values = path.split('/');
  const params: Record<string, string> = {};
  names.forEach((segment, i) => {
    const name = /^\{(\w+)\}$/.exec(segment)?.[1];
    if (name) params[name] = values[i] ?? '';
  });
  return params;
}
