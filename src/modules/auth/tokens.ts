/**
 * Session keys are HS256 JWTs naming a server-side session. The signature, algorithm, issuer,
 * audience and expiry are checked first; the session row then decides revocation.
 */
import { randomBytes } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';

export const TOKEN_ISSUER = 'vessel-link';
export const TOKEN_AUDIENCE = 'vessel-link-api';

export class SessionTokens {
  private readonly key: Uint8Array;

  constructor(secret: string, private readonly ttlSeconds: number) {
    this.key = new TextEncoder().encode(secret);
  }

  newSessionId(): string {
    return randomBytes(24).toString('base64url');
  }

  async sign(userId: number, sessionId: string): Promise<{ token: string; expiresAt: Date }> {
    const expiresAt = new Date(Date.now() + this.ttlSeconds * 1000);
    const token = await new SignJWT({ sid: sessionId })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(userId))
      .setIssuer(TOKEN_ISSUER)
      .setAudience(TOKEN_AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
      .sign(this.key);
    return { token, expiresAt };
  }

  /** The session id and user of a valid token, or null for anything else. */
  async verify(token: string): Promise<{ sessionId: string; userId: number } | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'], issuer: TOKEN_ISSUER, audience: TOKEN_AUDIENCE });
      const userId = Number(payload.sub);
      if (typeof payload.sid !== 'string' || !Number.isInteger(userId)) return null;
      return { sessionId: payload.sid, userId };
    } catch {
      return null;
    }
  }
}
