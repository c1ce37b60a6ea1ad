/**
 * Command requests, a user's (`sendCommand`) or a routine's: the property must be the vessel's,
 * writable, the value in range, the vessel online (or the command queued).
 */
import Boom from '@hapi/boom';
import type { Database } from '../../db/knex.js';
import { ruleRefused } from '../../platform/errors.js';
import type { ScopeBridge } from '../access/api.js';
import { findProperty, type PropertyRow } from '../devices/api.js';
import type { CommandService } from './commands.js';

/** A command about to be sent: the property on the vessel's bridge. */
export interface CommandTargetProperty {
  bridge: ScopeBridge;
  property: PropertyRow;
}

export class CommandRequests {
  constructor(
    private readonly db: Database,
    private readonly commands: CommandService,
  ) {}

  /** The property on the vessel's paired bridge; 404 when it is missing or another bridge's. */
  async target(bridge: ScopeBridge | null, propertyId: number): Promise<CommandTargetProperty> {
    const property = await findProperty(this.db, propertyId);
    if (!bridge || !property || property.bridgeId !== bridge.id) throw Boom.notFound('Property not found');
    return { bridge, property };
  }

  async send(vesselId: number, { bridge, property }: CommandTargetProperty, command: { value: unknown; requestId: string; queueForSeconds?: number }) {
    const { value } = command;
    if (!property.writable) throw ruleRefused('This property cannot be controlled');
    if (typeof value === 'number' && ((property.min !== null && value < property.min) || (property.max !== null && value > property.max))) {
      throw Boom.badRequest(`value must be between ${property.min ?? '-∞'} and ${property.max ?? '∞'}`);
    }
    if (!command.queueForSeconds && !this.commands.isOnline(bridge.serial)) throw ruleRefused('Vessel is offline');
    return this.commands.submit({ vesselId, bridgeId: bridge.id, serial: bridge.serial, propertyId: property.id, path: property.path, ...command });
  }

  status(vesselId: number, requestId: string) {
    return this.commands.status(vesselId, requestId);
  }
}
