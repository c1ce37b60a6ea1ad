/**
 * Telemetry ingest, one straight line per message (BRIDGE.md):
 *   bridge `delta` → parse and check → values, positions and source sightings → group commit
 *   (one transaction for many messages) → alerts from notifications and warning levels → one `vessel.batch` event
 *   per vessel with every value and position → and only then does the broker send the PUBACK.
 * An inventory change is announced once (`vessel.devices`); the live streams share one query.
 * The `devices` topic replaces the bridge's stored inventory.
 */
import { createHash } from 'node:crypto';
import { MalformedMessage, type BridgeMessage } from '../../mqtt/broker.js';
import type { LiveBatch } from '../../../contracts/live.js';
import { ownUpdates, parseDelta, parseInventory, type SignalKDelta } from '../../mqtt/protocol.js';
import type { AppContext } from '../../platform/context.js';
import { type Alert, applyCondition, applyNotification, type CustomAlerts, isNotificationPath, notificationClears, unclearedAlerts } from '../alerts/api.js';
import { pairingOfBridge, vesselIdsOfBridges } from '../bridges/api.js';
import { reportingOf, type VesselReporting } from '../vessel/api.js';
import { GroupCommit } from './group-commit.js';
import { levelsOfBridge } from './levels/repository.js';
import { judge, type LevelWatch, newWatch, readingOf } from './levels/watch.js';
import { PerBridge } from './per-bridge.js';
import * as repo from './repository.js';
import { addSchemaProperties, describeFromMeta } from './schema-repository.js';
import { DEFAULT_SOURCE, type MessageSources, type SourceState } from './sources.js';
import type { PropertyCadence } from './stale.js';
import { createValueStore, type IngestItem, jsonOf, receiptOf, type ValueStore } from './value-store/index.js';

/**
 * A timestamp further ahead than this is a bridge with a wrong clock: its values are taken as
 * measured on arrival, or one bad clock would freeze the current value far in the future.
 */
const FUTURE_TOLERANCE_MS = 5 * 60_000;

const POSITION = 'navigation.position';
const SPEED = 'navigation.speedOverGround';
const COURSE = 'navigation.courseOverGroundTrue';

function positionOf(value: unknown): { lat: number; lon: number } | null {
  if (typeof value !== 'object' || value === null) return null;
  const { latitude, longitude } = value as { latitude?: unknown; longitude?: unknown };
  if (typeof latitude !== 'number' || typeof longitude !== 'number') return null;
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return null;
  return { lat: latitude, lon: longitude };
}

/**
 * What an inventory is recognised by (repo.inventoryDigest). The version goes into it, so that
 * inventories accepted under other rules are checked again should the rules change.
 */
const INVENTORY_RULES = 'inventory/1';
const inventoryDigestOf = (payload: Buffer): string => createHash('sha256').update(INVENTORY_RULES).update(payload).digest('base64');

/** Each bridge's values of a batch's new items, in the order they came. */
function valuesByBridge(items: IngestItem[]): Map<number, IngestItem['values']> {
  const byBridge = new Map<number, IngestItem['values']>();
  for (const item of items) {
    if (item.duplicate || !item.values.length) continue;
    const values = byBridge.get(item.bridgeId);
    if (values) for (const v of item.values) values.push(v);
    else byBridge.set(item.bridgeId, item.values.slice());
  }
  return byBridge;
}

/** A bridge paired to no vessel reports everything. */
const UNPAIRED: VesselReporting = Object.freeze({ gpsReporting: true, propertyUpdate: true });

/** The vessel a bridge reports for, and what it may still report (bridges api `pairingOfBridge`). */
type Pairing = Awaited<ReturnType<typeof pairingOfBridge>>;

/**
 * A delta's values, positions, source sightings and receipt, as the group commit stores them.
 * Updates measured before the bridge's last pairing ended belong to that pairing, which took its
 * data with it: a buffer flushed after the end stores none of them (docs/decisions.md, "What a
 * bridge sends belongs to its pairing").
 */
function itemOf(message: BridgeMessage, delta: SignalKDelta, sources: Map<string, SourceState>, reporting: VesselReporting, pairing: Pairing): IngestItem {
  const bridgeId = message.bridge.id;
  const receivedMs = message.receivedAt.getTime();
  const item: IngestItem = {
    bridgeId,
    values: [],
    locations: [],
    sources: [],
    receipt: message.qos > 0 && message.messageId !== undefined ? receiptOf(message.messageId, message.payload) : null,
    duplicate: false,
    notifications: [],
  };
  // One sighting per source: a delta has a few updates, so a list is all it takes.
  const sightings = item.sources;

  for (const update of ownUpdates(delta)) {
    const uid = update.source ?? DEFAULT_SOURCE;
    let state = sources.get(uid);
    if (!state) {
      state = { enabled: true, locationEnabled: false, reportsPosition: false };
      sources.set(uid, state);
    }
    let sighting = sightings.find((s) => s.uid === uid);
    if (!sighting) {
      sighting = { uid, lastSeenMs: receivedMs, reportsPosition: false, locationEnabled: false };
      sightings.push(sighting);
    }
    if (!state.enabled) continue;

    const measured = update.timestampMs ?? receivedMs;
    const tsMs = measured > receivedMs + FUTURE_TOLERANCE_MS ? receivedMs : measured;
    if (tsMs < pairing.measuredFromMs) continue;
    if (update.meta.length) (item.meta ??= []).push(...update.meta);
    // Speed and course travel with the position measured with them, in the same update.
    let position: { lat: number; lon: number } | null = null;
    let speedOverGround: number | null = null;
    let courseOverGroundTrue: number | null = null;
    for (const { path, value } of update.values) {
      const notification = isNotificationPath(path);
      // Switched off: positions record no track; other values stay as they were, but alarms the bridge raises still come through.
      const positional = path === POSITION || path === SPEED || path === COURSE;
      if (positional ? !reporting.gpsReporting : !reporting.propertyUpdate && !notification) continue;
      item.values.push({ path, json: jsonOf(value), value, tsMs, source: uid });
      if (path === POSITION) position = positionOf(value);
      else if (path === SPEED && typeof value === 'number') speedOverGround = value;
      else if (path === COURSE && typeof value === 'number') courseOverGroundTrue = value;
      else if (notification) item.notifications.push({ path, value, timestampMs: tsMs });
    }
    if (!position) continue;
    if (!state.reportsPosition) {
      state.reportsPosition = true;
      if (![...sources.values()].some((s) => s.locationEnabled)) state.locationEnabled = true;
    }
    sighting.reportsPosition = true;
    sighting.locationEnabled = state.locationEnabled;
    if (state.locationEnabled) item.locations.push({ tsMs, ...position, speedOverGround, courseOverGroundTrue, source: uid });
  }
  return item;
}

export class IngestService {
  private readonly store: ValueStore;
  private readonly queue: GroupCommit<IngestItem>;
  /** path → its device and property, for live events. */
  private readonly properties: PerBridge<Map<string, { deviceId: number; propertyId: number }>>;
  /** path → the warning levels of its property and how its values stand against them. */
  private readonly levels: PerBridge<Map<string, { displayName: string; units: string; watch: LevelWatch }>>;
  /**
   * The vessel each bridge reports for and when its last pairing ended, read again when the
   * bridge connects or is paired or unpaired (on any node), so a batch is announced without a query.
   */
  private readonly pairings: PerBridge<Pairing>;
  /**
   * Each vessel's switches (docs/decisions.md, "Vessel toggles"), loaded once and replaced as they
   * change: the event is emitted before the switch's call answers, so the next message obeys it.
   */
  private readonly reportingByVessel: PerBridge<VesselReporting>;

  constructor(
    private readonly ctx: AppContext,
    private readonly sources: MessageSources,
    private readonly custom: CustomAlerts,
    private readonly cadence: PropertyCadence,
  ) {
    this.store = createValueStore(ctx.db);
    this.queue = new GroupCommit(
      (items) => this.commit(items),
      (item) => item.bridgeId,
    );
    this.properties = new PerBridge((bridgeId) => repo.propertiesByPath(ctx.db, bridgeId));
    this.pairings = new PerBridge((bridgeId) => pairingOfBridge(ctx.db, bridgeId));
    this.reportingByVessel = new PerBridge((vesselId) => reportingOf(ctx.db, vesselId));
    // What it keeps in memory follows the changes made on any node of a cluster.
    ctx.events.on('vessel.reporting', ({ vesselId, gpsReporting, propertyUpdate }) => this.reportingByVessel.set(vesselId, { gpsReporting, propertyUpdate }), {
      cluster: true,
    });
    // A bridge paired to another vessel comes back online under it.
    ctx.events.on('bridge.online', ({ bridgeId }) => this.pairings.forget(bridgeId), { cluster: true });
    // A pairing that ends takes the bridge's data with it (deletePairingData), and one that starts
    // reports for another vessel: everything kept of the bridge is read afresh.
    ctx.events.on('bridge.paired', ({ bridgeId }) => this.forget(bridgeId), { cluster: true });
    // A path without an uncleared level alert starts out normal: its first value in range has
    // nothing to clear, so a fleet reconnecting costs no alert query per property with levels.
    this.levels = new PerBridge(async (bridgeId) => {
      const byPath = new Map<string, { displayName: string; units: string; watch: LevelWatch }>();
      const levelsByPath = await levelsOfBridge(ctx.db, bridgeId);
      const uncleared = levelsByPath.size ? await unclearedAlerts(ctx.db, [bridgeId], 'level') : new Set<string>();
      for (const [path, { displayName, units, levels }] of levelsByPath)
        byPath.set(path, { displayName, units, watch: newWatch(levels, uncleared.has(`${bridgeId} ${path}`)) });
      return byPath;
    });
  }

  /** `delta` topic. Resolves once the message is committed; a malformed one is refused. */
  onDelta(message: BridgeMessage): Promise<void> {
    const parsed = parseDelta(message.payload);
    if (!parsed.ok) return Promise.reject(new MalformedMessage(parsed.reason));
    const bridgeId = message.bridge.id;
    // Only a bridge's first messages wait for its state to load, and a redelivery for its receipt;
    // the rest go straight into the group commit, in the order they came.
    const sources = this.sources.known(bridgeId);
    const pairing = this.pairings.known(bridgeId);
    const reporting = pairing && this.knownReporting(pairing);
    if (!sources || !pairing || !reporting || message.dup) return this.onDeltaWaiting(message, parsed.value);
    try {
      return this.queue.submit(itemOf(message, parsed.value, sources, reporting, pairing));
    } catch (err) {
      return Promise.reject(err);
    }
  }

  private async onDeltaWaiting(message: BridgeMessage, delta: SignalKDelta): Promise<void> {
    const bridgeId = message.bridge.id;
    const sources = this.sources.known(bridgeId) ?? (await this.sources.of(bridgeId));
    const pairing = this.pairings.known(bridgeId) ?? (await this.pairings.of(bridgeId));
    const { vesselId } = pairing;
    const reporting = vesselId === null ? UNPAIRED : (this.reportingByVessel.known(vesselId) ?? (await this.reportingByVessel.of(vesselId)));
    const item = itemOf(message, delta, sources, reporting, pairing);
    if (item.receipt && message.dup) {
      // A redelivery whose PUBACK was lost: stored already if its receipt is (the original may
      // still be in the batch being written, hence the wait).
      await this.queue.drained();
      item.duplicate = await this.store.hasReceipt(item.bridgeId, item.receipt);
    }
    await this.queue.submit(item);
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
    this.properties.forget(message.bridge.id);
    this.levels.forget(message.bridge.id);
    const vesselId = (await vesselIdsOfBridges(this.ctx.db, [message.bridge.id])).get(message.bridge.id);
    if (vesselId !== undefined) this.ctx.events.emit('vessel.devices', { vesselId });
  }

  /** Resolves once everything received so far is committed. */
  drained(): Promise<void> {
    return this.queue.drained();
  }

  /** Messages received and not yet committed (or failed): the group commit's backlog. */
  get queued(): number {
    return this.queue.pending;
  }

  /**
   * A property's warning levels changed: its current value is judged against them at once, through
   * the commit queue like any value (so it never races a batch of the same bridge), rather than
   * waiting for the bridge's next report.
   */
  async levelsChanged(bridgeId: number, path: string): Promise<void> {
    this.levels.forget(bridgeId);
    const current = await repo.currentValue(this.ctx.db, bridgeId, path);
    if (!current || typeof current.value !== 'number') return;
    const value = { path, json: JSON.stringify(current.value), value: current.value, tsMs: current.tsMs, source: DEFAULT_SOURCE };
    await this.queue.submit({ bridgeId, values: [value], locations: [], sources: [], receipt: null, duplicate: false, notifications: [], rejudge: true });
  }

  /** The bridge was deleted, or paired or unpaired: what is kept of it is loaded again when it next reports. */
  forget(bridgeId: number): void {
    this.properties.forget(bridgeId);
    this.levels.forget(bridgeId);
    this.pairings.forget(bridgeId);
    this.cadence.forget(bridgeId);
    this.sources.forget(bridgeId);
    this.store.forget(bridgeId);
  }

  /** The switches the bridge's values obey, if loaded (only a paired bridge's vessel has any to load). */
  private knownReporting(pairing: Pairing): VesselReporting | undefined {
    return pairing.vesselId === null ? UNPAIRED : this.reportingByVessel.known(pairing.vesselId);
  }

  /**
   * One batch: write it, then apply its notifications to alerts and announce it. Once the values
   * are committed the batch has succeeded: a failure after that is logged, never reported as a
   * failed write (which would write the batch again).
   */
  private async commit(items: IngestItem[]): Promise<void> {
    const received = items.filter((item) => !item.rejudge);
    if (received.length) {
      const started = performance.now();
      // Readiness and the broker go by the outcome of the last commit (docs/operations.md, "When the database refuses writes").
      try {
        await this.store.commit(received);
      } catch (err) {
        this.ctx.events.emit('ingest.failed', {});
        this.ctx.writes.failed(err);
        throw err;
      }
      this.ctx.writes.succeeded();
      const seconds = (performance.now() - started) / 1000;
      const values = received.reduce((sum, item) => sum + (item.duplicate ? 0 : item.values.length), 0);
      this.ctx.events.emit('ingest.batch', { messages: received.length, values, seconds });
    }
    try {
      await this.describeUnknownPaths(received);
      const alerts: Array<{ bridgeId: number; alert: Alert }> = [];
      // Most notifications say all is well (a snapshot carries every one), and only a path with an
      // uncleared alert has anything to clear: one query per batch finds those paths.
      const notifying = [...new Set(items.filter((i) => !i.duplicate && i.notifications.length).map((i) => i.bridgeId))];
      const uncleared = notifying.length ? await unclearedAlerts(this.ctx.db, notifying, 'notification') : new Set<string>();
      for (const item of items) {
        if (item.duplicate) continue;
        if (!item.rejudge) for (const v of item.values) this.cadence.saw(item.bridgeId, v.path, v.tsMs);
        for (const notification of item.notifications) {
          const key = `${item.bridgeId} ${notification.path}`;
          if (!uncleared.has(key) && notificationClears(notification.value)) continue;
          const alert = await applyNotification(this.ctx.db, item.bridgeId, notification);
          if (!alert) continue;
          alerts.push({ bridgeId: item.bridgeId, alert });
          uncleared.add(key);
        }
      }
      // Levels and rules see each bridge's values of the batch at once, in the order they came.
      for (const [bridgeId, values] of valuesByBridge(items)) {
        for (const alert of await this.judgeLevels(bridgeId, values)) alerts.push({ bridgeId, alert });
        for (const alert of await this.custom.judge(bridgeId, values)) alerts.push({ bridgeId, alert });
      }
      await this.announce(items, alerts);
    } catch (err) {
      this.ctx.log.error('alerts or live events of a committed batch failed', { error: err });
    }
  }

  /**
   * Paths without a property (no inventory entry) get one from the Signal K schema; what the
   * schema leaves empty, the bridge's own `meta` fills in. Announced like an inventory change.
   */
  private async describeUnknownPaths(items: IngestItem[]): Promise<void> {
    const unknown = new Map<number, Set<string>>();
    const described = new Map<number, NonNullable<IngestItem['meta']>>();
    for (const item of items) {
      if (item.duplicate) continue;
      if (item.meta) described.set(item.bridgeId, [...(described.get(item.bridgeId) ?? []), ...item.meta]);
      const properties = this.properties.known(item.bridgeId) ?? (await this.properties.of(item.bridgeId));
      for (const { path } of item.values) {
        if (properties.has(path) || isNotificationPath(path)) continue;
        const paths = unknown.get(item.bridgeId) ?? new Set<string>();
        unknown.set(item.bridgeId, paths.add(path));
      }
    }
    for (const bridgeId of new Set([...unknown.keys(), ...described.keys()])) {
      const paths = unknown.get(bridgeId);
      const added = paths ? await addSchemaProperties(this.ctx.db, bridgeId, [...paths]) : false;
      if (added) this.properties.forget(bridgeId);
      const meta = described.get(bridgeId);
      const filled = meta ? await describeFromMeta(this.ctx.db, bridgeId, meta) : false;
      // Warning levels name their property's units in alerts.
      if (filled) this.levels.forget(bridgeId);
      if (!added && !filled) continue;
      const vesselId = (await vesselIdsOfBridges(this.ctx.db, [bridgeId])).get(bridgeId);
      if (vesselId !== undefined) this.ctx.events.emit('vessel.devices', { vesselId });
    }
  }

  /** Holds a bridge's values of a batch against their properties' warning levels; touches the database only when a verdict changes. */
  private async judgeLevels(bridgeId: number, values: IngestItem['values']): Promise<Alert[]> {
    const levels = this.levels.known(bridgeId) ?? (await this.levels.of(bridgeId));
    if (!levels.size) return [];
    const changed: Alert[] = [];
    for (const v of values) {
      const property = typeof v.value === 'number' ? levels.get(v.path) : undefined;
      if (!property || typeof v.value !== 'number') continue;
      const zone = judge(property.watch, v.value, v.tsMs);
      if (zone === null) continue;
      const reading = readingOf(zone, { ...property, path: v.path, levels: property.watch.levels }, v.value);
      const alert = await applyCondition(this.ctx.db, bridgeId, { origin: 'level', path: v.path, reading, timestampMs: v.tsMs });
      if (alert) changed.push(alert);
    }
    return changed;
  }

  /** One `vessel.batch` per vessel with every value and position the batch stored, then its alerts. */
  private async announce(items: IngestItem[], alerts: Array<{ bridgeId: number; alert: Alert }>): Promise<void> {
    const stored = items.filter((i) => !i.duplicate && (i.values.length || i.locations.length));
    if (!stored.length && !alerts.length) return;
    const vesselOf = new Map<number, number | null>();
    for (const { bridgeId } of [...stored, ...alerts])
      if (!vesselOf.has(bridgeId)) vesselOf.set(bridgeId, (this.pairings.known(bridgeId) ?? (await this.pairings.of(bridgeId))).vesselId);
    const batches = new Map<number, LiveBatch>();
    for (const item of stored) {
      const vesselId = vesselOf.get(item.bridgeId);
      if (vesselId == null) continue;
      let batch = batches.get(vesselId);
      if (!batch) batches.set(vesselId, (batch = { values: [], positions: [] }));
      const properties = this.properties.known(item.bridgeId) ?? (await this.properties.of(item.bridgeId));
      // The values of one update share their time: format it once.
      let lastMs = NaN;
      let timestamp = '';
      for (const v of item.values) {
        const property = properties.get(v.path);
        if (v.tsMs !== lastMs) timestamp = new Date((lastMs = v.tsMs)).toISOString();
        batch.values.push({ deviceId: property?.deviceId ?? null, propertyId: property?.propertyId ?? null, path: v.path, value: v.value, timestamp });
      }
      for (const l of item.locations) {
        batch.positions.push({
          lat: l.lat,
          lon: l.lon,
          timestamp: new Date(l.tsMs).toISOString(),
          speedOverGround: l.speedOverGround,
          courseOverGroundTrue: l.courseOverGroundTrue,
        });
      }
    }
    for (const [vesselId, batch] of batches) {
      // Buffered tracks arrive out of order with live ones; the contract promises measurement order.
      batch.positions.sort((a, b) => Date.parse(a.timestamp) - Date.parse(b.timestamp));
      this.ctx.events.emit('vessel.batch', { vesselId, batch });
    }
    for (const { bridgeId, alert } of alerts) {
      const vesselId = vesselOf.get(bridgeId);
      if (vesselId != null) this.ctx.events.emit('vessel.alert', { vesselId, alert: { ...alert } });
    }
  }
}
