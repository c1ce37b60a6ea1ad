/**
 * The end of a pairing: the owner unlinks the bridge, deletes the vessel, or loses their account.
 * What the bridge reported under the pairing goes with it (docs/decisions.md, "What a bridge
 * sends belongs to its pairing"), so the next vessel it is paired with starts clean: in one
 * transaction the bridge is unpaired with a fresh pairing code and every module that keeps bridge
 * data deletes its own (`PairingData`, which server.ts composes from their api.ts), then every
 * node forgets what it keeps of the bridge (`bridge.paired`). The bridge itself, its secret and
 * the operator's records of it (connections, usage, admin requests) stay.
 */
import type { Knex } from 'knex';
import type { Database } from '../../../db/knex.js';
import type { EventBus } from '../../../platform/events.js';
import { unpairBridge } from '../../bridges/api.js';
import { vesselsOwnedBy } from '../vessels/repository.js';

/** Deletes what a bridge reported under its pairing, in the transaction that ends the pairing. */
export type PairingData = (trx: Knex.Transaction, bridgeId: number) => Promise<void>;

export class PairingEnd {
  constructor(
    private readonly db: Database,
    private readonly data: PairingData,
    private readonly events: EventBus,
  ) {}

  /**
   * Ends the vessel's pairing, if it has one; `alongside` runs in the same transaction (deleting
   * the vessel itself). Answers the bridge that was unpaired with its fresh pairing code (the one
   * printed on it no longer works: the owner is shown this one), or null without a bridge.
   */
  async of(vesselId: number, alongside?: (trx: Knex.Transaction) => Promise<void>): Promise<{ serial: string; pairingCode: string } | null> {
    const unpaired = await this.db.transaction(async (trx) => {
      const bridge = await unpairBridge(trx, vesselId);
      if (bridge) await this.data(trx, bridge.bridgeId);
      await alongside?.(trx);
      return bridge;
    });
    if (!unpaired) return null;
    this.events.emit('bridge.paired', { bridgeId: unpaired.bridgeId, vesselId: null });
    return { serial: unpaired.serial, pairingCode: unpaired.pairingCode };
  }

  /** Ends the pairings of every vessel a user owns: an administrator deleting the account deletes their vessels with it. */
  async ofOwner(userId: number): Promise<void> {
    for (const vessel of await vesselsOwnedBy(this.db, userId)) await this.of(vessel.id);
  }
}
