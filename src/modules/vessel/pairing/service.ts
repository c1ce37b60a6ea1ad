/**
 * docs/protocol.md: the owner pairs a bridge with the code printed on it; unlinking takes two steps
 * (an e-mailed code), after which the bridge gets a fresh pairing code and what it reported under
 * the pairing is deleted (end.ts). Pairing codes are eight characters, so attempts are limited per
 * user and per address.
 */
import Boom from '@hapi/boom';
import type { Database } from '../../../db/knex.js';
import { ruleRefused } from '../../../platform/errors.js';
import { translator, type MailLanguage } from '../../../platform/i18n.js';
import type { EventBus } from '../../../platform/events.js';
import type { Limiter } from '../../../platform/rate-limit.js';
import type { VesselScope } from '../../access/api.js';
import { bridgeOfVessel, pairBridge, type VesselBridge } from '../../bridges/api.js';
import { findVessel } from '../vessels/repository.js';
import type { PairingEnd } from './end.js';

/** 10 pairing attempts in 15 minutes, per user and per address. */
export const PAIRING_LIMIT = { points: 10, windowSeconds: 15 * 60 };

export interface UnlinkConfirmations {
  sendConfirmationCode(userId: number, purpose: 'unlink_client', targetId: string, what: (language: MailLanguage) => string): Promise<unknown>;
  consumeConfirmationCode(userId: number, purpose: 'unlink_client', code: string): Promise<string>;
}

export class PairingService {
  constructor(
    private readonly db: Database,
    private readonly confirmations: UnlinkConfirmations,
    private readonly attempts: Limiter,
    private readonly events: EventBus,
    private readonly ending: PairingEnd,
  ) {}

  async pair(scope: VesselScope, pairingCode: string, address: string): Promise<VesselBridge> {
    await this.attempts.consume(`user:${scope.caller.id}`);
    await this.attempts.consume(`address:${address}`);
    if (await bridgeOfVessel(this.db, scope.vesselId)) throw Boom.conflict('This vessel already has a bridge; unlink it first');
    const bridge = await pairBridge(this.db, pairingCode, scope.vesselId);
    this.events.emit('bridge.paired', { bridgeId: bridge.id, vesselId: scope.vesselId });
    return bridge;
  }

  async requestUnlink(scope: VesselScope): Promise<void> {
    if (!(await bridgeOfVessel(this.db, scope.vesselId))) throw ruleRefused('This vessel has no bridge paired');
    const vessel = await findVessel(this.db, scope.vesselId);
    await this.confirmations.sendConfirmationCode(scope.caller.id, 'unlink_client', String(scope.vesselId), (language) => {
      const t = translator(language, 'vessel');
      return vessel ? t('code.unlinkBridge', { vessel: vessel.name }) : t('code.unlinkBridgeOfYourVessel');
    });
  }

  /** Unpairs with the e-mailed code; answers the bridge with its fresh pairing code, to pair it again. */
  async completeUnlink(scope: VesselScope, code: string): Promise<{ serial: string; pairingCode: string } | null> {
    const target = await this.confirmations.consumeConfirmationCode(scope.caller.id, 'unlink_client', code);
    if (Number(target) !== scope.vesselId) throw ruleRefused('The confirmation code is invalid or has expired');
    return this.ending.of(scope.vesselId);
  }
}
