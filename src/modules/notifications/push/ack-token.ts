/**
 * The key a push notification's "Acknowledge" button carries: it acknowledges one alarm as one
 * user and does nothing else. The service worker calls the ack route with it, not with the
 * session (a notification can be answered long after the app was closed, and a session key
 * must never sit in a push payload). Signed with a key derived from the session secret for this
 * purpose alone, with its own audience, so it cannot pass as a session key nor a session key as
 * it; it expires after ACK_TOKEN_TTL_SECONDS.
 */
import { createHmac } from 'node:crypto';
import Jwt from '@hapi/jwt';

export const ACK_TOKEN_TTL_SECONDS = 3600;
const AUDIENCE = 'vessel-link-alert-ack';
const ISSUER = 'vessel-link';

export interface AckClaims {
  userId: number;
  alertId: number;
  vesselId: number;
  /** The delivery receipt of the push message it came in (an acknowledgement names its device). */
  deliveryId?: number;
}

export class AckTokens {
  private readonly key: string;

  constructor(sessionSecret: string) {
    this.key = createHmac('sha256', sessionSecret).update('alert-ack tokens').digest('base64url');
  }

  sign(claims: AckClaims, now: number): string {
    return Jwt.token.generate(
      { aud: AUDIENCE, iss: ISSUER, sub: String(claims.userId), alertId: claims.alertId, vesselId: claims.vesselId, deliveryId: claims.deliveryId },
      { key: this.key, algorithm: 'HS256' },
      { ttlSec: ACK_TOKEN_TTL_SECONDS, now },
    );
  }

  /** The claims of a valid, unexpired token, or null. */
  verify(token: string, now: number): AckClaims | null {
    try {
      const artifacts = Jwt.token.decode(token);
      Jwt.token.verify(artifacts, { key: this.key, algorithm: 'HS256' }, { aud: AUDIENCE, iss: ISSUER, sub: false, now, timeSkewSec: 0 });
      const { sub, alertId, vesselId, deliveryId } = artifacts.decoded.payload as {
        sub?: unknown;
        alertId?: unknown;
        vesselId?: unknown;
        deliveryId?: unknown;
      };
      const userId = Number(sub);
      if (!Number.isInteger(userId) || !Number.isInteger(alertId) || !Number.isInteger(vesselId)) return null;
      return {
        userId,
        alertId: alertId as number,
        vesselId: vesselId as number,
        ...(Number.isInteger(deliveryId) ? { deliveryId: deliveryId as number } : {}),
      };
    } catch {
      return null;
    }
  }
}
