/**
 * Telemetry ingest, one straight line per message (docs/protocol.md):
 *   bridge `delta` → parse and check → values, positions and source sightings → group commit
 *   (one transaction for many messages, through the telemetry module's value store) → alerts from
 *   notifications, warning levels and custom alerts → one `vessel.batch` event per vessel with
 *   every value and position → and only then does the broker send the PUBACK.
 * Paths the bridge sent without an inventory entry are described by the devices module, which
 * announces the change once (`vessel.devices`).
 */
import { MalformedMessage, type BridgeMessage } from '../../mqtt/broker.js';
import type { LiveBatch } from '../../../contracts/live.js';
import { ownUpdates, parseDelta, type SignalKDelta } from '../../mqtt/protocol.js';
import type { AppContext } from '../../platform/context.js';
import { type AlertChange, type AlertsApi, applyNotification, isNotificationPath, notificationClears, unclearedAlerts } from '../alerts/api.js';
import { pairingOfBridge } from '../bridges/api.js';
import type { Inventory, PathMeta } from '../devices/api.js';
import { currentValue, DEFAULT_SOURCE, type IngestItem, jsonOf, PerBridge, receiptOf, type SourceState, type TelemetryApi } from '../telemetry/api.js';
import { cloudServices, reportingOf, type VesselReporting } from '../vessel/api.js';
import { GroupCommit } from './group-commit.js';

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

/**
 * What a vessel's cloud services let the ingest store (docs/decisions.md, "Lapsed services"):
 * only what was measured before they ended (Infinity while they run), read again at `recheckAtMs`
 * (when they would end, and at least every minute so that a renewal, or a subscription ended
 * early, is followed within a minute on every node).
 */
interface Storing {
  beforeMs: number;
  recheckAtMs: number;
}

/** How often a vessel's services are read again at most. */
const SERVICES_RECHECK_MS = 60_000;

/** The vessel a bridge reports for, and what it may still report (bridges api `pairingOfBridge`). */
type Pairing = Awaited<ReturnType<typeof pairingOfBridge>>;

/**
 * A delta's values, positions, source sightings and receipt, as the group commit stores them.
 * Updates measured before the bridge's last pairing ended belong to that pairing, which took its
 * data with it: a buffer flushed after the end stores none of them (docs/decisions.md, "What a
 * bridge sends belongs to its pairing").
 */
function itemOf(
  message: BridgeMessage,
  delta: SignalKDelta,
  sources: Map<string, SourceState>,
  reporting: VesselReporting,
  pairing: Pairing,
  storesBeforeMs: number,
): IngestItem {
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
    // Measured after the vessel's cloud services ended: free access stores nothing new.
    if (tsMs >= storesBeforeMs) continue;
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
  private readonly queue: GroupCommit<IngestItem>;
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
  /** Each vessel's cloud services as the ingest obeys them (`Storing`). */
  private readonly storingByVessel: PerBridge<Storing>;

  constructor(
    private readonly ctx: AppContext,
    private readonly telemetry: TelemetryApi,
    private readonly inventory: Inventory,
    private readonly alerts: Pick<AlertsApi, 'custom' | 'levels' | 'naming'>,
  ) {
    this.queue = new GroupCommit(
      (items) => this.commit(items),
      (item) => item.bridgeId,
    );
    this.pairings = new PerBridge((bridgeId) => pairingOfBridge(ctx.db, bridgeId));
    this.reportingByVessel = new PerBridge((vesselId) => reportingOf(ctx.db, vesselId));
    this.storingByVessel = new PerBridge((vesselId) => this.loadStoring(vesselId));
    // What it keeps in memory follows the changes made on any node of a cluster.
    ctx.events.on('vessel.reporting', ({ vesselId, gpsReporting, propertyUpdate }) => this.reportingByVessel.set(vesselId, { gpsReporting, propertyUpdate }), {
      cluster: true,
    });
    // A bridge paired to another vessel comes back online under it.
    ctx.events.on('bridge.online', ({ bridgeId }) => this.pairings.forget(bridgeId), { cluster: true });
    // A pairing that ends takes the bridge's data with it, and one that starts reports for another
    // vessel; a bridge deleted is gone: its pairing is read afresh.
    for (const event of ['bridge.paired', 'bridge.deleted'] as const) ctx.events.on(event, ({ bridgeId }) => this.pairings.forget(bridgeId), { cluster: true });
  }

  /** `delta` topic. Resolves once the message is committed; a malformed one is refused. */
  onDelta(message: BridgeMessage): Promise<void> {
    const parsed = parseDelta(message.payload);
    if (!parsed.ok) return Promise.reject(new MalformedMessage(parsed.reason));
    const bridgeId = message.bridge.id;
    // Only a bridge's first messages wait for its state to load, and a redelivery for its receipt;
    // the rest go straight into the group commit, in the order they came.
    const sources = this.telemetry.sources.known(bridgeId);
    const pairing = this.pairings.known(bridgeId);
    const reporting = pairing && this.knownReporting(pairing);
    const storing = pairing && this.knownStoring(pairing, message.receivedAt.getTime());
    if (!sources || !pairing || !reporting || storing === undefined || message.dup) return this.onDeltaWaiting(message, parsed.value);
    try {
      return this.queue.submit(itemOf(message, parsed.value, sources, reporting, pairing, storing));
    } catch (err) {
      return Promise.reject(err);
    }
  }

  private async onDeltaWaiting(message: BridgeMessage, delta: SignalKDelta): Promise<void> {
    const bridgeId = message.bridge.id;
    const sources = this.telemetry.sources.known(bridgeId) ?? (await this.telemetry.sources.of(bridgeId));
    const pairing = this.pairings.known(bridgeId) ?? (await this.pairings.of(bridgeId));
    const { vesselId } = pairing;
    const reporting = vesselId === null ? UNPAIRED : (this.reportingByVessel.known(vesselId) ?? (await this.reportingByVessel.of(vesselId)));
    const storing =
      this.knownStoring(pairing, message.receivedAt.getTime()) ?? (vesselId === null ? Infinity : (await this.storingByVessel.of(vesselId)).beforeMs);
    const item = itemOf(message, delta, sources, reporting, pairing, storing);
    if (item.receipt && message.dup) {
      // A redelivery whose PUBACK was lost: stored already if its receipt is (the original may
      // still be in the batch being written, hence the wait).
      await this.queue.drained();
      item.duplicate = await this.telemetry.store.hasReceipt(item.bridgeId, item.receipt);
    }
    await this.queue.submit(item);
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
   * A path's current value judged again (its warning levels changed), through the commit queue like
   * any value, so that it never races a batch of the same bridge.
   */
  async rejudge(bridgeId: number, path: string): Promise<void> {
    const current = await currentValue(this.ctx.db, bridgeId, path);
    if (!current || typeof current.value !== 'number') return;
    const value = { path, json: JSON.stringify(current.value), value: current.value, tsMs: current.tsMs, source: DEFAULT_SOURCE };
    await this.queue.submit({ bridgeId, values: [value], locations: [], sources: [], receipt: null, duplicate: false, notifications: [], rejudge: true });
  }

  /**
   * Before when the bridge's values are stored, if known and not due to be read again: a bridge
   * paired to no vessel has nothing to store them for but is not refused here (its pairing's own rule applies).
   */
  private knownStoring(pairing: Pairing, nowMs: number): number | undefined {
    if (pairing.vesselId === null) return Infinity;
    const storing = this.storingByVessel.known(pairing.vesselId);
    if (storing && nowMs >= storing.recheckAtMs) {
      this.storingByVessel.forget(pairing.vesselId);
      return undefined;
    }
    return storing?.beforeMs;
  }

  private async loadStoring(vesselId: number): Promise<Storing> {
    const nowMs = this.ctx.clock.now();
    const services = await cloudServices(this.ctx.db, vesselId, new Date(nowMs));
    const soon = nowMs + SERVICES_RECHECK_MS;
    if (services.active) return { beforeMs: Infinity, recheckAtMs: Math.min(soon, services.activeUntil ? Date.parse(services.activeUntil) : soon) };
    return { beforeMs: services.endedAt ? Date.parse(services.endedAt) : -Infinity, recheckAtMs: soon };
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
        await this.telemetry.store.commit(received);
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
      const alerts: Array<{ bridgeId: number; alert: AlertChange }> = [];
      // Most notifications say all is well (a snapshot carries every one), and only a path with an
      // uncleared alert has anything to clear: one query per batch finds those paths.
      const notifying = [...new Set(items.filter((i) => !i.duplicate && i.notifications.length).map((i) => i.bridgeId))];
      const uncleared = notifying.length ? await unclearedAlerts(this.ctx.db, notifying, 'notification') : new Set<string>();
      for (const item of items) {
        if (item.duplicate) continue;
        if (!item.rejudge) for (const v of item.values) this.telemetry.cadence.saw(item.bridgeId, v.path, v.tsMs);
        for (const notification of item.notifications) {
          const key = `${item.bridgeId} ${notification.path}`;
          if (!uncleared.has(key) && notificationClears(notification.value)) continue;
          const alert = await applyNotification(this.ctx.db, item.bridgeId, notification, this.ctx.clock.now(), 'notification', this.alerts.naming);
          if (!alert) continue;
          alerts.push({ bridgeId: item.bridgeId, alert });
          uncleared.add(key);
        }
      }
      // Levels and rules see each bridge's values of the batch at once, in the order they came.
      for (const [bridgeId, values] of valuesByBridge(items)) {
        for (const alert of await this.alerts.levels.judge(bridgeId, values)) alerts.push({ bridgeId, alert });
        for (const alert of await this.alerts.custom.judge(bridgeId, values)) alerts.push({ bridgeId, alert });
      }
      await this.announce(items, alerts);
    } catch (err) {
      this.ctx.log.error('alerts or live events of a committed batch failed', { error: err });
    }
  }

  /**
   * Paths without a property (no inventory entry) and the bridge's own descriptions of paths
   * (Signal K `meta`) go to the devices module, which describes them.
   */
  private async describeUnknownPaths(items: IngestItem[]): Promise<void> {
    const unknown = new Map<number, Set<string>>();
    const described = new Map<number, PathMeta[]>();
    for (const item of items) {
      if (item.duplicate) continue;
      if (item.meta) described.set(item.bridgeId, [...(described.get(item.bridgeId) ?? []), ...item.meta]);
      const properties = this.inventory.known(item.bridgeId) ?? (await this.inventory.of(item.bridgeId));
      for (const { path } of item.values) {
        if (properties.has(path) || isNotificationPath(path)) continue;
        const paths = unknown.get(item.bridgeId) ?? new Set<string>();
        unknown.set(item.bridgeId, paths.add(path));
      }
    }
    for (const bridgeId of new Set([...unknown.keys(), ...described.keys()]))
      await this.inventory.describe(bridgeId, [...(unknown.get(bridgeId) ?? [])], described.get(bridgeId) ?? []);
  }

  /** One `vessel.batch` per vessel with every value and position the batch stored, then its alerts. */
  private async announce(items: IngestItem[], alerts: Array<{ bridgeId: number; alert: AlertChange }>): Promise<void> {
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
      const properties = this.inventory.known(item.bridgeId) ?? (await this.inventory.of(item.bridgeId));
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
