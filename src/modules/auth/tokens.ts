/**
 * Session keys are HS256 JWTs naming a server-side session (`sid`), issued here and verified by
 * the `session` strategy (strategy.ts). The claims are those the keys issued before @hapi/jwt
 * carried (iss, aud, sub, iat, exp), so sessions open at an upgrade stay open.
 */
import { randomBytes } from 'node:crypto';
import Jwt from '@hapi/jwt';

export const TOKEN_ISSUER = 'vessel-link';
export const TOKEN_AUDIENCE = 'vessel-link-api';
export const TOKEN_ALGORITHM = 'HS256';

/** The claims of a session key. */
export interface SessionClaims {
  sid: string;
  sub: string;
  iss: string;
  aud: string;
  iat: number;
  exp: number;
}

export class SessionTokens {
  constructor(
    readonly secret: string,
    readonly ttlSeconds: number,
  ) {}

  newSessionId(): string {
    return randomBytes(24).toString('base64url');
  }

  /** `nowMs`: when the session starts, on the wall clock (docs/architecture.md "One clock": sessions' lifetimes are the database's and the JWT library's). */
  sign(userId: number, sessionId: string, nowMs: number): { token: string; expiresAt: Date } {
    const token = Jwt.token.generate(
      { sid: sessionId, sub: String(userId), iss: TOKEN_ISSUER, aud: TOKEN_AUDIENCE },
      { key: this.secret, algorithm: TOKEN_ALGORITHM },
      { ttlSec: this.ttlSeconds, now: nowMs },
    );
    // exp is whole seconds after iat, itself truncated: the row expires with the key.
    return { token, expiresAt: new Date((Math.floor(nowMs / 1000) + this.ttlSeconds) * 1000) };
  }
}
