/**
 * What each bridge has on board, as the ingest needs it on every message: the device and
 * property of each path, loaded once per bridge and kept in memory, and kept true as the
 * inventory changes — a new `devices` message, paths described from the Signal K schema, a
 * bridge's own `meta` filling in what the schema left empty. Each change is announced once
 * (`vessel.devices`).
 */
import { createHash } from 'node:crypto';
import { MalformedMessage, type BridgeMessage } from '../../mqtt/broker.js';
import { parseInventory } from '../../mqtt/protocol.js';
import type { AppContext } from '../../platform/context.js';
import { vesselIdsOfBridges } from '../bridges/api.js';
import { PerBridge } from '../telemetry/api.js';
import * as repo from './repository.js';
import { addSchemaProperties, describeFromMeta, type PathMeta } from './schema-repository.js';

/** A path's device and property, as live events name them. */
export interface PathIds {
  deviceId: number;
  propertyId: number;
}

/**
 * What an inventory is recognised by (repo.inventoryDigest). The version goes into it, so that
 * inventories accepted under other rules are checked again should the rules change.
 */
const INVENTORY_RULES = 'inventory/1';
const inventoryDigestOf = (payload: Buffer): string => createHash('sha256').update(INVENTORY_RULES).update(payload).digest('base64');

export class Inventory {
  /** path → its device and property, per bridge. */
  private readonly paths: PerBridge<Map<string, PathIds>>;

  constructor(
    private readonly ctx: AppContext,
    /** The bridge's properties changed in what their warning levels say (their units): the alerts module reads them again. */
    private readonly levelsChanged: (bridgeId: number) => void,
  ) {
    this.paths = new PerBridge((bridgeId) => repo.propertiesByPath(ctx.db, bridgeId));
  }

  /** The bridge's paths, if loaded. */
  known(bridgeId: number): Map<string, PathIds> | undefined {
    return this.paths.known(bridgeId);
  }

  of(bridgeId: number): Promise<Map<string, PathIds>> {
    return this.paths.of(bridgeId);
  }

  /**
   * `devices` topic: the bridge's whole device inventory. A bridge sends it on every connect, and
   * again with the snapshot the server asks for: byte for byte the last one, it costs one read (its
   * digest); one that changes nothing otherwise costs its reads only. Either way what is kept in
   * memory stays, and nothing is announced.
   */
  async onInventory(message: BridgeMessage): Promise<void> {
    const digest = inventoryDigestOf(message.payload);
    if ((await repo.inventoryDigest(this.ctx.db, message.bridge.id)) === digest) return;
    const parsed = parseInventory(message.payload);
    if (!parsed.ok) throw new MalformedMessage(parsed.reason);
    if (!(await repo.replaceInventory(this.ctx.db, message.bridge.id, parsed.value, digest))) return;
    this.paths.forget(message.bridge.id);
    this.levelsChanged(message.bridge.id);
    await this.announce(message.bridge.id);
  }

  /**
   * Paths without a property (no inventory entry) get one from the Signal K schema; what the
   * schema leaves empty, the bridge's own `meta` fills in. Announced like an inventory change.
   */
  async describe(bridgeId: number, paths: string[], meta: PathMeta[]): Promise<void> {
    const added = paths.length ? await addSchemaProperties(this.ctx.db, bridgeId, paths) : false;
    if (added) this.paths.forget(bridgeId);
    const filled = meta.length ? await describeFromMeta(this.ctx.db, bridgeId, meta) : false;
    // Warning levels name their property's units in alerts.
    if (filled) this.levelsChanged(bridgeId);
    if (added || filled) await this.announce(bridgeId);
  }

  /** The bridge was deleted, or paired or unpaired: its paths are read again when it next reports. */
  forget(bridgeId: number): void {
    this.paths.forget(bridgeId);
  }

  private async announce(bridgeId: number): Promise<void> {
    const vesselId = (await vesselIdsOfBridges(this.ctx.db, [bridgeId])).get(bridgeId);
    if (vesselId !== undefined) this.ctx.events.emit('vessel.devices', { vesselId });
  }
}
