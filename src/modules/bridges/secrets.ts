/**
 * Bridge secrets and pairing codes. A secret is a random 256-bit token, not a password, so it is
 * stored as an HMAC-SHA256 keyed with a server key rather than with a slow password hash: a
 * whole fleet can reconnect at once (docs/protocol.md), and a stolen database alone does not let anyone
 * check guesses. The key is derived from the session secret under a label of its own, so it
 * never equals a key used for anything else.
 */
import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { digest, randomCode, randomToken } from '../../platform/secrets.js';

export class BridgeSecrets {
  private readonly key: Buffer;

  constructor(sessionSecret: string) {
    this.key = Buffer.from(hkdfSync('sha256', sessionSecret, '', 'vessel-link/bridge-secret/v1', 32));
  }

  /** A new secret: shown once, then only its hash is kept. */
  newSecret(): string {
    return randomToken();
  }

  hash(secret: string | Buffer): string {
    return createHmac('sha256', this.key).update(secret).digest('hex');
  }

  matches(secret: Buffer, storedHash: string): boolean {
    const expected = Buffer.from(storedHash, 'hex');
    const actual = Buffer.from(this.hash(secret), 'hex');
    return actual.length === expected.length && timingSafeEqual(actual, expected);
  }
}

/** Eight characters without ambiguous letters, printed on the bridge and typed by its owner. */
export const newPairingCode = (): string => randomCode(8);

/** Pairing codes are looked up by digest; case and surrounding spaces do not matter. */
export const pairingCodeHash = (code: string): string => digest(code.trim().toUpperCase());
