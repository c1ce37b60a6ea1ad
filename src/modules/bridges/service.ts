/**
 * Bridges at run time: credentials checked for the broker, online state and `lastSeen` from the
 * connection, daily usage, bridge status messages, and admin requests (reboot, log level,
 * software update, snapshot) with the progress the bridge reports back.
 */
import { randomUUID } from 'node:crypto';
import type { BridgeBroker, BridgeIdentity, BridgeMessage, Traffic } from '../../mqtt/broker.js';
import { MalformedMessage } from '../../mqtt/broker.js';
import { type AdminAction, type AdminRequest, parseAdminResponse, parseStatus } from '../../mqtt/protocol.js';
import type { AppContext } from '../../platform/context.js';
import type { Controller } from '../../../contracts/bridge.js';
import Boom from '@hapi/boom';
import { ruleRefused } from '../../platform/errors.js';
import { type BridgeEdit, deleteBridge, editBridge, listBridges, provisionBridge, reportingClientOf, type ReportingClient } from './api.js';
import type { Presence } from './presence.js';
import * as repo from './repository.js';
import type { BridgeSecrets } from './secrets.js';

/** How often `lastSeen` and usage counters are written (and when the server stops). */
const ACTIVITY_FLUSH_MS = 10_000;
/**
 * How often a single server makes the table's online state true to the connections it holds
 * (docs/operations.md, "Faults"): a connect or disconnect whose write failed during a database
 * outage is corrected then at the latest, and within seconds once the database answers again.
 * In a cluster the presence sweep does the same, every third of the presence time.
 */
export const RECONCILE_MS = 30_000;
const RECONCILE_RETRY_MS = { first: 1000, max: RECONCILE_MS };

export interface RequestView {
  requestId: string;
  action: string;
  version: string | null;
  level: string | null;
  state: string;
  progress: number | null;
  message: string | null;
  requestedAt: string;
  updatedAt: string;
}

const requestView = (r: repo.BridgeRequestRow): RequestView => ({
  requestId: r.requestId,
  action: r.action,
  version: r.version,
  level: r.level,
  state: r.state,
  progress: r.progress,
  message: r.message,
  requestedAt: r.createdAt,
  updatedAt: r.updatedAt,
});

/** The UTC date (YYYY-MM-DD) of `nowMs`, worked out once a day rather than once a message. */
const utcDay = (() => {
  let dayNumber = -1;
  let day = '';
  return (nowMs: number) => {
    const now = Math.floor(nowMs / 86_400_000);
    if (now !== dayNumber) {
      dayNumber = now;
      day = new Date(now * 86_400_000).toISOString().slice(0, 10);
    }
    return day;
  };
})();

/** Messages per minute over the last hour, for the admin overview's ingest rate. */
export class IngestMeter {
  private readonly minutes = new Map<number, number>();

  constructor(private readonly startedAtMs: number) {}

  /**
   * Messages per minute: the average of the (up to five) whole minutes before the current one
   * since the meter started, or the current minute extrapolated when none has passed yet.
   */
  ratePerMinute(nowMs: number): number {
    const current = Math.floor(nowMs / 60_000);
    const firstWhole = Math.floor(this.startedAtMs / 60_000) + 1;
    const from = Math.max(current - 5, firstWhole);
    if (from < current) {
      let sum = 0;
      for (let m = from; m < current; m++) sum += this.minutes.get(m) ?? 0;
      return Math.round(sum / (current - from));
    }
    const elapsed = nowMs - Math.max(this.startedAtMs, current * 60_000);
    return elapsed > 0 ? Math.round(((this.minutes.get(current) ?? 0) * 60_000) / elapsed) : 0;
  }

  /** `messages` arrived at `atMs`. */
  count(atMs: number, messages = 1): void {
    const minute = Math.floor(atMs / 60_000);
    this.minutes.set(minute, (this.minutes.get(minute) ?? 0) + messages);
    if (this.minutes.size > 70) for (const m of this.minutes.keys()) if (m < minute - 60) this.minutes.delete(m);
  }

  /** The last `n` minutes up to `nowMs`, oldest first, the current one (so far) last: {minute (ISO), messages}. */
  lastMinutes(nowMs: number, n = 60): Array<{ minute: string; messages: number }> {
    const current = Math.floor(nowMs / 60_000);
    return Array.from({ length: n }, (_, i) => {
      const m = current - n + 1 + i;
      return { minute: new Date(m * 60_000).toISOString(), messages: this.minutes.get(m) ?? 0 };
    });
  }
}

export class BridgeService {
  readonly ingest: IngestMeter;
  /** Staged rollouts hear of connects and admin answers through this; set by the module. */
  rollouts: {
    onConnected(bridge: BridgeIdentity): Promise<void>;
    onResponse(bridgeId: number, requestId: string, answer: { state: string; progress?: number; message?: string }): Promise<void>;
  } | null = null;
  private readonly usage = new Map<string, { bridgeId: number } & repo.UsageDay>();
  /** Connection changes of one bridge are written in the order they happened. */
  private readonly writes = new Map<number, Promise<void>>();
  private timer: NodeJS.Timeout | null = null;
  /** Cluster mode: the connections this node holds, by bridge id, whose presence it keeps alive. */
  private readonly held = new Map<number, { serial: string; connection: string }>();
  private presenceTimer: NodeJS.Timeout | null = null;
  /** A reconciliation due soon, after a connection change that could not be written. */
  private retry: NodeJS.Timeout | null = null;

  constructor(
    private readonly ctx: AppContext,
    private readonly broker: BridgeBroker,
    readonly secrets: BridgeSecrets,
    /** Cluster mode's presence (presence.ts); null in one process. */
    private readonly presence: Presence | null = null,
  ) {
    this.ingest = new IngestMeter(ctx.clock.now());
    broker.on('connected', (bridge, at, connection) => this.connectionChanged(bridge, true, at, connection));
    broker.on('disconnected', (bridge, lastSeen, connection) => this.connectionChanged(bridge, false, lastSeen, connection));
    if (presence) {
      // What other nodes announce keeps `isConnected` true here for their bridges; the sweep corrects what a lost message missed.
      ctx.events.on('bridge.online', ({ serial, online }) => broker.isConnectedHere(serial) || broker.setConnectedElsewhere(serial, online), { cluster: true });
      ctx.events.on(
        'bridge.deleted',
        ({ serial }) => {
          broker.setConnectedElsewhere(serial, false);
          broker.disconnect(serial);
        },
        { cluster: true },
      );
    }
    broker.on('traffic', (bridge, traffic) => this.count(bridge, traffic));
    // A pairing starts from what the bridge holds now, its inventory and every value sent again:
    // what it reported under an earlier pairing went with that one (docs/decisions.md).
    ctx.events.on('bridge.paired', ({ bridgeId, vesselId }) => {
      if (vesselId !== null) this.snapshotOf(bridgeId).catch((err) => this.ctx.log.warn('snapshot request after pairing failed', { bridgeId, error: err }));
    });
    // Updates released to a bridge while it was away go out once it listens to its admin topic again.
    broker.on('subscribed', (bridge, leaf) => {
      if (leaf === 'admin' && this.rollouts) {
        this.rollouts.onConnected(bridge).catch((err) => this.ctx.log.error('rollout update not sent', { serial: bridge.serial, error: err }));
      }
    });
  }

  /** The broker's authenticator: the bridge whose serial and secret these are, or null. */
  async authenticate(serial: string, secret: Buffer): Promise<BridgeIdentity | null> {
    const bridge = await repo.findBridgeBySerial(this.ctx.db, serial);
    if (!bridge || !this.secrets.matches(secret, bridge.secretHash)) return null;
    return { id: bridge.id, serial: bridge.serial };
  }

  /** Reporting clients by serial; `q` searches the serial, `paired` filters on pairing. */
  list(filter: { q?: string; paired?: boolean }): Promise<ReportingClient[]> {
    return listBridges(this.ctx.db, filter);
  }

  /** A reporting client by id, or 404. */
  async find(bridgeId: number): Promise<repo.BridgeRow> {
    const bridge = await repo.findBridge(this.ctx.db, bridgeId);
    if (!bridge) throw Boom.notFound('Reporting client not found');
    return bridge;
  }

  /** A new reporting client, answered with its secret and pairing code (shown only this once). */
  async provision(input: { serial?: string; version?: string }): Promise<ReportingClient & { secret: string; pairingCode: string }> {
    const created = await provisionBridge(this.ctx.db, this.secrets, { serial: input.serial, version: input.version ?? null });
    return { ...reportingClientOf(await this.find(created.bridgeId)), secret: created.secret, pairingCode: created.pairingCode };
  }

  /**
   * Edits a reporting client; a new secret or pairing code is answered once. A new secret or
   * serial disconnects the bridge, which must come back with its new credentials.
   */
  async edit(bridge: repo.BridgeRow, input: BridgeEdit): Promise<ReportingClient & { secret?: string; pairingCode?: string }> {
    const { bridge: edited, disconnect, ...shownOnce } = await editBridge(this.ctx.db, this.secrets, bridge.id, input);
    if (disconnect) this.broker.disconnect(bridge.serial);
    return { ...edited, ...shownOnce };
  }

  /** Before the broker accepts bridges: none is connected yet, whatever the table says. */
  async start(): Promise<void> {
    // In a cluster the other nodes' bridges are online: only those of dead nodes go offline, by the sweep.
    if (this.presence) await this.sweepPresence();
    else await repo.setAllOffline(this.ctx.db);
    this.timer = setInterval(() => void this.flush(), ACTIVITY_FLUSH_MS);
    this.timer.unref();
    this.presenceTimer = setInterval(
      () => void this.reconcile().catch((err) => this.ctx.log.warn('bridge presence not reconciled; trying again', { error: err })),
      this.presence ? Math.max(500, Math.floor(this.presence.ttlMs / 3)) : RECONCILE_MS,
    );
    this.presenceTimer.unref();
  }

  /** Writes what is still in memory; the server calls it when stopping. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    if (this.presenceTimer) clearInterval(this.presenceTimer);
    this.presenceTimer = null;
    if (this.retry) clearTimeout(this.retry);
    this.retry = null;
    await Promise.all(this.writes.values());
    await this.flush();
    await this.presence?.close();
  }

  /**
   * Makes the table's online state true to the connections that exist (docs/operations.md,
   * "Faults"): a bridge connected here but recorded offline (its connect was not written) goes
   * online; one recorded online but connected nowhere goes offline (here: not connected to this
   * server; in a cluster: held by no node, `sweepPresence`). Bridges with a change being written
   * are left to it.
   */
  async reconcile(): Promise<void> {
    const online = await repo.onlineBridges(this.ctx.db);
    const recorded = new Set(online.map((b) => b.id));
    let changed = 0;
    for (const { bridge, lastSeen } of this.broker.connectedBridges()) {
      if (recorded.has(bridge.id) || this.writes.has(bridge.id)) continue;
      const vesselId = await repo.setOnline(this.ctx.db, bridge.id, true, lastSeen.getTime());
      if (vesselId === undefined) continue;
      await repo.insertConnectionEvent(this.ctx.db, bridge.id, 'connected', lastSeen.getTime());
      this.ctx.events.emit('bridge.online', { bridgeId: bridge.id, serial: bridge.serial, vesselId, online: true, lastSeen: lastSeen.toISOString() });
      changed++;
    }
    if (this.presence) {
      await this.sweepPresence();
    } else {
      for (const bridge of online) {
        if (this.broker.isConnectedHere(bridge.serial) || this.writes.has(bridge.id)) continue;
        if (await this.markOffline(bridge)) changed++;
      }
    }
    if (changed) this.ctx.log.info('bridge presence reconciled with the connections', { changed });
  }

  /** Reconciles soon after a connection change that could not be written, then less and less often until it succeeds. */
  private reconcileSoon(): void {
    if (this.retry || !this.presenceTimer) return;
    const attempt = (waitMs: number) => {
      this.retry = setTimeout(() => {
        this.reconcile().then(
          () => (this.retry = null),
          (err) => {
            const nextMs = Math.min(waitMs * 2, RECONCILE_RETRY_MS.max);
            this.ctx.log.warn('bridge presence not reconciled; trying again', { error: err, inSeconds: nextMs / 1000 });
            if (this.presenceTimer) attempt(nextMs);
            else this.retry = null;
          },
        );
      }, waitMs);
      this.retry.unref();
    };
    attempt(RECONCILE_RETRY_MS.first);
  }

  /** Records a bridge offline unless it was seen since `lastSeenMs` was read, and announces it; false when something else changed it first. */
  private async markOffline(bridge: Pick<repo.BridgeRow, 'id' | 'serial' | 'vesselId' | 'lastSeenMs'>): Promise<boolean> {
    if (!(await repo.setOfflineIfUnchanged(this.ctx.db, bridge.id, bridge.lastSeenMs))) return false;
    const lastSeen = new Date(bridge.lastSeenMs ?? this.ctx.clock.now());
    await repo.insertConnectionEvent(this.ctx.db, bridge.id, 'disconnected', lastSeen.getTime());
    this.ctx.events.emit('bridge.online', {
      bridgeId: bridge.id,
      serial: bridge.serial,
      vesselId: bridge.vesselId,
      online: false,
      lastSeen: lastSeen.toISOString(),
    });
    return true;
  }

  /**
   * Cluster mode, every third of the presence time on every node: keeps this node's connections
   * present, takes offline the bridges the table says are online but no node holds any more (their
   * node died), and learns which bridges other nodes hold. Every node may find the same dead
   * bridge; the conditional write lets one of them record it.
   */
  private async sweepPresence(): Promise<void> {
    const presence = this.presence!;
    await presence.refresh([...this.held].map(([bridgeId, h]) => ({ bridgeId, ...h })));
    const online = await repo.onlineBridges(this.ctx.db);
    const present = await presence.present(online.map((b) => b.id));
    for (const [i, bridge] of online.entries()) {
      if (present[i] || this.held.has(bridge.id)) continue;
      if (await this.markOffline(bridge)) this.ctx.log.info('bridge offline: no node holds its connection', { serial: bridge.serial });
    }
    const elsewhere = await presence.connectedSerials();
    this.broker.replaceConnectedElsewhere([...elsewhere].filter((serial) => !this.broker.isConnectedHere(serial)));
  }

  /**
   * `status` topic: the bridge's software version and the controllers on board (MFDs, client
   * apps) when it reports them. Online state comes from the connection, not from here.
   */
  async onStatus(message: BridgeMessage): Promise<void> {
    const status = parseStatus(message.payload);
    if (!status.ok) throw new MalformedMessage(status.reason);
    await repo.recordStatus(this.ctx.db, message.bridge.id, status.value, new Date(this.ctx.clock.now()).toISOString());
  }

  /** The vessel's controllers: the cloud, then the bridge's last report (docs/api.md, "Controllers"). */
  async controllersOf(bridgeId: number | null): Promise<Controller[]> {
    const cloud: Controller = { id: 'cloud', type: 'Cloud', name: 'Vessel Link cloud', reportedAt: null };
    const reported = bridgeId === null ? null : await repo.controllersOf(this.ctx.db, bridgeId);
    return [cloud, ...(reported?.controllers ?? []).map((c) => ({ ...c, reportedAt: reported!.at }))];
  }

  /** `admin/response` topic: progress of a request sent to the bridge. */
  async onAdminResponse(message: BridgeMessage): Promise<void> {
    const response = parseAdminResponse(message.payload);
    if (!response.ok) throw new MalformedMessage(response.reason);
    const { requestId, state, progress, message: text } = response.value;
    const known = await repo.updateRequest(this.ctx.db, message.bridge.id, requestId, { state, progress, message: text });
    if (!known) this.ctx.log.debug('answer to an unknown admin request', { serial: message.bridge.serial, requestId });
    else await this.rollouts?.onResponse(message.bridge.id, requestId, { state, progress, message: text });
  }

  isConnected(serial: string): boolean {
    return this.broker.isConnected(serial);
  }

  /** A rollout's softwareUpdate request to one bridge; answers its request id (418 when offline). */
  async sendUpdate(bridge: { id: number; serial: string }, version: string, requestedBy: number | null, requestId: string): Promise<void> {
    await this.request(bridge, 'softwareUpdate', { version, requestedBy, requestId, offlineMessage: 'The reporting client is offline' });
  }

  /** A bridge's connects and disconnects, newest first. */
  connectionHistory(bridgeId: number, page: number, size: number) {
    return repo.connectionHistory(this.ctx.db, bridgeId, page, size);
  }

  /** Sends an admin request to a connected bridge and records it; 418 when the bridge is offline. */
  async request(
    bridge: { id: number; serial: string },
    action: Exclude<AdminAction, 'snapshot'>,
    options: { version?: string; level?: string; requestedBy: number | null; requestId?: string; offlineMessage: string },
  ): Promise<RequestView> {
    if (!this.broker.isConnected(bridge.serial)) throw ruleRefused(options.offlineMessage);
    const requestId = options.requestId ?? randomUUID();
    await repo.insertRequest(this.ctx.db, {
      bridgeId: bridge.id,
      requestId,
      action,
      version: options.version,
      level: options.level,
      requestedBy: options.requestedBy,
    });
    const body: AdminRequest = {
      requestId,
      action,
      ...(options.version ? { version: options.version } : {}),
      ...(options.level ? { level: options.level } : {}),
    };
    await this.broker.publish(bridge.serial, 'admin', body);
    return requestView((await repo.latestRequest(this.ctx.db, bridge.id, action))!);
  }

  private async snapshotOf(bridgeId: number): Promise<void> {
    const bridge = await repo.findBridge(this.ctx.db, bridgeId);
    if (bridge) await this.requestSnapshot(bridge.serial);
  }

  /** docs/protocol.md: a snapshot request makes the bridge republish its whole state. */
  async requestSnapshot(serial: string): Promise<boolean> {
    if (!this.broker.isConnected(serial)) return false;
    await this.broker.publish(serial, 'admin', { action: 'snapshot' } satisfies AdminRequest);
    return true;
  }

  /** Usage per day, including what is counted but not yet written. */
  async usageOf(bridgeId: number, fromDay: string, toDay: string): Promise<repo.UsageDay[]> {
    const days = new Map((await repo.usageOf(this.ctx.db, bridgeId, fromDay, toDay)).map((u) => [u.day, u]));
    for (const pending of this.usage.values()) {
      if (pending.bridgeId !== bridgeId || pending.day < fromDay || pending.day > toDay) continue;
      const stored = days.get(pending.day) ?? { day: pending.day, messages: 0, bytes: 0, rejected: 0 };
      days.set(pending.day, {
        day: pending.day,
        messages: stored.messages + pending.messages,
        bytes: stored.bytes + pending.bytes,
        rejected: stored.rejected + pending.rejected,
      });
    }
    return [...days.values()].sort((a, b) => a.day.localeCompare(b.day));
  }

  async latestRequest(bridgeId: number, action: AdminAction): Promise<RequestView | null> {
    const row = await repo.latestRequest(this.ctx.db, bridgeId, action);
    return row ? requestView(row) : null;
  }

  /** Deletes the reporting client (as the CLI does, through the api) and closes its connection here. */
  async delete(bridgeId: number): Promise<void> {
    const bridge = await deleteBridge(this.ctx.db, bridgeId);
    for (const [key, entry] of this.usage) if (entry.bridgeId === bridgeId) this.usage.delete(key);
    this.broker.disconnect(bridge.serial);
    this.ctx.events.emit('bridge.deleted', { bridgeId, serial: bridge.serial });
  }

  private connectionChanged(bridge: BridgeIdentity, online: boolean, at: Date, connection: string): void {
    const previous = this.writes.get(bridge.id) ?? Promise.resolve();
    const next = previous
      .then(async () => {
        let vesselId: number | null | undefined;
        if (!this.presence) vesselId = await repo.setOnline(this.ctx.db, bridge.id, online, at.getTime());
        else if (!(await this.changePresence(bridge, online, at, connection))) return;
        else vesselId = (await repo.findBridge(this.ctx.db, bridge.id))?.vesselId;
        // A deleted bridge's last disconnect has no history left to join.
        if (vesselId !== undefined) await repo.insertConnectionEvent(this.ctx.db, bridge.id, online ? 'connected' : 'disconnected', at.getTime());
        this.ctx.events.emit('bridge.online', { bridgeId: bridge.id, serial: bridge.serial, vesselId: vesselId ?? null, online, lastSeen: at.toISOString() });
      })
      .catch((err) => {
        this.ctx.log.error('bridge connection state not recorded; reconciling once the database answers', { serial: bridge.serial, error: err });
        this.reconcileSoon();
      })
      .finally(() => {
        if (this.writes.get(bridge.id) === next) this.writes.delete(bridge.id);
      });
    this.writes.set(bridge.id, next);
  }

  /**
   * Cluster mode: records a connect, or a disconnect unless the bridge has since connected to
   * another node (then false: nothing changed, nothing to announce).
   */
  private async changePresence(bridge: BridgeIdentity, online: boolean, at: Date, connection: string): Promise<boolean> {
    const held = { bridgeId: bridge.id, serial: bridge.serial, connection };
    if (online) {
      this.held.set(bridge.id, { serial: bridge.serial, connection });
      await this.presence!.claim(held);
      await repo.setOnline(this.ctx.db, bridge.id, true, at.getTime());
      return true;
    }
    if (this.held.get(bridge.id)?.connection === connection) this.held.delete(bridge.id);
    if (!(await this.presence!.release(held))) return false;
    await repo.setOfflineUnlessNewer(this.ctx.db, bridge.id, at.getTime());
    return true;
  }

  private count(bridge: BridgeIdentity, traffic: Traffic): void {
    const nowMs = this.ctx.clock.now();
    this.ingest.count(nowMs, traffic.messages);
    const day = utcDay(nowMs);
    const key = `${bridge.id}/${day}`;
    const entry = this.usage.get(key) ?? { bridgeId: bridge.id, day, messages: 0, bytes: 0, rejected: 0 };
    entry.messages += traffic.messages;
    entry.bytes += traffic.bytes;
    entry.rejected += traffic.rejected;
    this.usage.set(key, entry);
  }

  private async flush(): Promise<void> {
    const usage = [...this.usage.values()];
    this.usage.clear();
    const lastSeen = this.broker.connectedBridges().map(({ bridge, lastSeen: at }) => ({ bridgeId: bridge.id, ms: at.getTime() }));
    try {
      await repo.recordActivity(this.ctx.db, lastSeen, usage);
    } catch (err) {
      this.ctx.log.warn('bridge activity not recorded; retrying with the next flush', { error: err });
      for (const entry of usage) {
        const key = `${entry.bridgeId}/${entry.day}`;
        const newer = this.usage.get(key);
        this.usage.set(
          key,
          newer ? { ...entry, messages: entry.messages + newer.messages, bytes: entry.bytes + newer.bytes, rejected: entry.rejected + newer.rejected } : entry,
        );
      }
    }
  }
}
