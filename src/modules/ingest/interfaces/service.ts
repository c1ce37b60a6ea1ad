/**
 * Interfaces (docs/api.md, "Interfaces"): third-party systems that post Signal K deltas into a
 * vessel over HTTP with a bearer token of their own. A posted delta takes the bridge's path
 * through the ingest (validation, group commit, alarms, live stream) as if the vessel's bridge
 * had published it, under the interface's own message source; it is limited like a bridge.
 * Tokens are random 256-bit secrets kept as a keyed hash (like bridge secrets), shown once.
 * A token belongs to whoever created the interface or last issued its token: it posts with that
 * person's access (deviceManager MANAGE on the vessel) and stops the moment that access ends,
 * is paused or is lowered; only its holder may issue a new one while it works (docs/security.md,
 * "Interface tokens").
 */
import Boom from '@hapi/boom';
import type { Database } from '../../../db/knex.js';
import { ruleRefused } from '../../../platform/errors.js';
import { type Limiter, type RateLimits, tooManyRequests } from '../../../platform/rate-limit.js';
import type { Caller } from '../../../platform/routes.js';
import { type BridgeMessage, MalformedMessage } from '../../../mqtt/broker.js';
import { allows, DEVICES_MANAGE, type VesselAccess } from '../../access/api.js';
import { type BridgeSecrets, bridgeOfVessel } from '../../bridges/api.js';
import * as repo from './repository.js';

export type { VesselInterface } from './repository.js';

/** What a posted delta is handed to: the ingest's `delta` handler. */
export type DeltaHandler = (message: BridgeMessage) => Promise<void>;

/** A bridge publishing at 10 messages a second is busy; an interface gets the same. */
export const INTERFACE_LIMITS = {
  deltas: { points: 600, windowSeconds: 60 },
  /** Malformed deltas in a minute before the interface is refused for the rest of it (a bridge is disconnected). */
  malformed: { points: 20, windowSeconds: 60 },
  /** Unknown tokens per address: a token is a guessable secret. */
  unknownTokens: { points: 20, windowSeconds: 900 },
};

const MALFORMED_MESSAGE = 'Too many malformed deltas. Please try again in a minute.';

/** How often an interface's "last used" time is written: not on every delta. */
const LAST_USED_RESOLUTION_MS = 60_000;

export class InterfacesService {
  private readonly deltas: Limiter;
  private readonly malformed: Limiter;
  private readonly unknownTokens: Limiter;

  constructor(
    private readonly db: Database,
    private readonly secrets: BridgeSecrets,
    private readonly accessOf: (userId: number, vesselId: number) => Promise<VesselAccess | null>,
    private readonly ingest: DeltaHandler,
    limits: RateLimits,
  ) {
    this.deltas = limits.limiter('interfaces.deltas', INTERFACE_LIMITS.deltas, 'This interface is posting too fast. Please slow down.');
    this.malformed = limits.limiter('interfaces.malformed', INTERFACE_LIMITS.malformed, MALFORMED_MESSAGE);
    this.unknownTokens = limits.limiter('interfaces.unknownTokens', INTERFACE_LIMITS.unknownTokens);
  }

  list(vesselId: number): Promise<repo.VesselInterface[]> {
    return repo.interfacesOf(this.db, vesselId);
  }

  /** A new interface and its token, shown this once; the creator holds the token. */
  async create(caller: Caller, vesselId: number, name: string): Promise<repo.VesselInterface & { token: string }> {
    const token = this.secrets.newSecret();
    const created = await repo.insertInterface(this.db, vesselId, name, { hash: this.secrets.hash(token), holderId: caller.id });
    return { ...created, token };
  }

  async rename(vesselId: number, id: number, name: string): Promise<repo.VesselInterface> {
    await this.ofVessel(vesselId, id);
    await repo.renameInterface(this.db, id, name);
    return (await repo.findInterface(this.db, id))!;
  }

  async remove(vesselId: number, id: number): Promise<void> {
    await this.ofVessel(vesselId, id);
    await repo.deleteInterface(this.db, id);
  }

  /**
   * A new token for the interface (the route's scope has checked deviceManager MANAGE on its
   * vessel), held by the caller from now on; the old one stops working at once. A token that
   * still works is its holder's: someone else gets a new one only once the holder's access has
   * ended (or they delete the interface).
   */
  async rotateToken(caller: Caller, id: number): Promise<{ id: number; token: string; tokenIssuedAt: string; tokenHolderId: number }> {
    const found = await repo.findInterface(this.db, id);
    if (!found) throw Boom.notFound('Interface not found');
    if (found.tokenHolderId !== null && found.tokenHolderId !== caller.id && (await this.holderMayPost(found)))
      throw Boom.forbidden("This interface's token belongs to the person who issued it; delete the interface and add a new one to get a token of your own");
    const token = this.secrets.newSecret();
    await repo.setToken(this.db, id, { hash: this.secrets.hash(token), holderId: caller.id });
    return { id, token, tokenIssuedAt: (await repo.findInterface(this.db, id))!.tokenIssuedAt!, tokenHolderId: caller.id };
  }

  /** The interface a bearer token names; 401 for none or an unknown one (counted per address). */
  async authenticate(authorization: string | undefined, address: string): Promise<repo.VesselInterface> {
    await refuseWhenSpent(this.unknownTokens, address, 'Too many unknown tokens. Please try again later.');
    const token = /^Bearer\s+(\S+)$/i.exec(authorization ?? '')?.[1];
    const found = token ? await repo.interfaceByTokenHash(this.db, this.secrets.hash(token)) : null;
    if (!found) {
      await this.unknownTokens.consume(address);
      throw Boom.unauthorized('Missing or unknown interface token');
    }
    if (!(await this.holderMayPost(found)))
      throw Boom.unauthorized("This interface token's holder no longer manages the vessel's devices; ask the vessel's owner for a new token");
    return found;
  }

  /** Whether the token's holder still has deviceManager MANAGE on the vessel, unpaused, inside its window. */
  private async holderMayPost(target: repo.VesselInterface): Promise<boolean> {
    if (target.tokenHolderId === null) return false;
    const access = await this.accessOf(target.tokenHolderId, target.vesselId);
    return access !== null && allows(access, DEVICES_MANAGE);
  }

  /** The vessel an interface belongs to, null when there is no such interface (the vessel scope of routes keyed by one). */
  async vesselOf(id: number): Promise<number | null> {
    return (await repo.findInterface(this.db, id))?.vesselId ?? null;
  }

  /** A delta posted by an interface, stored once this resolves; a malformed one is a 400 naming why. */
  async post(target: repo.VesselInterface, payload: unknown): Promise<void> {
    await this.deltas.consume(String(target.id));
    await refuseWhenSpent(this.malformed, String(target.id), MALFORMED_MESSAGE);
    const bridge = await bridgeOfVessel(this.db, target.vesselId);
    if (!bridge) throw ruleRefused('This vessel has no bridge paired: its values have nowhere to be stored yet');
    const receivedAt = new Date();
    try {
      await this.ingest({
        bridge: { id: bridge.id, serial: bridge.serial },
        leaf: 'delta',
        payload: Buffer.from(JSON.stringify(withSource(payload, repo.interfaceSource(target.id)))),
        qos: 0,
        messageId: undefined,
        dup: false,
        receivedAt,
      });
    } catch (err) {
      if (!(err instanceof MalformedMessage)) throw err;
      await this.malformed.consume(String(target.id));
      throw Boom.badRequest(`Invalid delta: ${err.message}`);
    }
    if (!target.lastUsedAt || receivedAt.getTime() - Date.parse(target.lastUsedAt) >= LAST_USED_RESOLUTION_MS)
      await repo.markUsed(this.db, target.id, receivedAt.toISOString());
  }

  private async ofVessel(vesselId: number, id: number): Promise<repo.VesselInterface> {
    const found = await repo.findInterface(this.db, id);
    if (!found || found.vesselId !== vesselId) throw Boom.notFound('Interface not found');
    return found;
  }
}

/** A 429 while a counter has nothing left, without counting this call. */
async function refuseWhenSpent(limiter: Limiter, key: string, message: string): Promise<void> {
  const seconds = await limiter.retryAfter(key);
  if (seconds > 0) throw tooManyRequests(seconds, message);
}

/**
 * Every update of the delta under the interface's own source, whatever it claimed: the owner can
 * switch an interface off in the message sources, and it can never pose as a device on board.
 */
function withSource(payload: unknown, source: string): unknown {
  if (typeof payload !== 'object' || payload === null || !Array.isArray((payload as { updates?: unknown }).updates)) return payload;
  const delta = payload as { updates: unknown[] };
  return {
    ...delta,
    updates: delta.updates.map((update) => {
      if (typeof update !== 'object' || update === null) return update;
      const { source: _claimed, ...rest } = update as Record<string, unknown>;
      return { ...rest, $source: source };
    }),
  };
}
