/**
 * The embedded MQTT broker that bridges connect to (docs/protocol.md): a small core around Aedes, split
 * the way Aedes splits it — hooks.ts (authenticate, authorizePublish, authorizeSubscribe),
 * limits.ts (refusals, malformed messages per minute), routing.ts (topic → handler, ordered or
 * not), acl.ts (who may use which topic), frame-guard.ts (packet sizes on the socket), emitter.ts
 * (the message emitter, which the broker's own consumed messages skip). This file
 * keeps the connections: who is online, publishing to bridges, the snapshot request on connect,
 * and closing a misbehaving connection without losing the acknowledgements it is owed.
 */
import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { Duplex } from 'node:stream';
import { Aedes, type Client, type PublishPacket } from 'aedes';
import type { Logger } from '../platform/logger.js';
import type { RedisWatch } from '../platform/redis.js';
import { type ClusterBackends, clusterBackends } from './cluster.js';
import { localEmitter } from './emitter.js';
import { FrameGuard } from './frame-guard.js';
import { type Authenticator, CONSUMED, createHooks, type Session } from './hooks.js';
import { type BrokerLimits, DEFAULT_LIMITS, Misbehaviour } from './limits.js';
import { type AdminRequest, type BridgePublishTopic, type BridgeSubscribeTopic, topicFor } from './protocol.js';
import { type BridgeIdentity, type MessageHandler, type RouteOptions, Routes } from './routing.js';
import { type Traffic, MessageTally } from './tally.js';

export type { Authenticator } from './hooks.js';
export type { BrokerLimits } from './limits.js';
export type { Traffic } from './tally.js';
export { type BridgeIdentity, type BridgeMessage, MalformedMessage, type MessageHandler } from './routing.js';

export interface BrokerEvents {
  /** `connection` (unique in the cluster) tells this connection from the bridge's others (cluster presence, bridges module). */
  connected: [bridge: BridgeIdentity, at: Date, connection: string];
  disconnected: [bridge: BridgeIdentity, lastSeen: Date, connection: string];
  /** A bridge's subscription to one of its own topics was granted: it can now receive there. */
  subscribed: [bridge: BridgeIdentity, leaf: BridgeSubscribeTopic];
  /** The PUBLISHes a bridge sent since the last hand-over (tally.ts): how many, their payload bytes, how many were dropped. */
  traffic: [bridge: BridgeIdentity, traffic: Traffic];
  /** Handled messages were acknowledged (PUBACK for QoS 1) this long after they arrived, one entry each (never none). */
  acknowledged: [lagsMs: readonly number[]];
}

export class BridgeBroker extends EventEmitter<BrokerEvents> {
  private aedes: Aedes | null = null;
  private authenticator: Authenticator = async () => null;
  private unavailable: () => boolean = () => false;
  private readonly routes = new Routes();
  private readonly sessions = new WeakMap<Client, Session>();
  private readonly withoutClientId = new WeakSet<Client>();
  private readonly bySerial = new Map<string, Client>();
  private readonly connections = new Set<FrameGuard>();
  /** Cluster mode: bridges connected to other nodes, as the bridges module learns it (docs/scaling.md). */
  private readonly elsewhere = new Set<string>();
  private backends: ClusterBackends | null = null;
  private readonly tally = new MessageTally((traffic, lagsMs) => {
    for (const [bridge, counted] of traffic) this.emit('traffic', bridge, counted);
    if (lagsMs.length) this.emit('acknowledged', lagsMs);
  });

  private readonly hooks: ReturnType<typeof createHooks>;

  constructor(
    private readonly log: Logger,
    private readonly limits: BrokerLimits = DEFAULT_LIMITS,
    /** Cluster mode: the Redis that the brokers of all nodes share, and the deployment's key prefix. */
    private readonly cluster: { url: string; prefix: string; watch: RedisWatch | null } | null = null,
  ) {
    super();
    this.hooks = createHooks({
      log,
      routes: this.routes,
      sessions: this.sessions,
      withoutClientId: this.withoutClientId,
      authenticator: () => this.authenticator,
      unavailable: () => this.unavailable(),
      newSession: (bridge) => ({
        bridge,
        connection: randomUUID(),
        tails: new Map(),
        misbehaviour: new Misbehaviour(limits),
        inFlight: new Set(),
        closing: false,
        snapshotRequested: false,
      }),
      traffic: (bridge, bytes, rejected) => this.tally.message(bridge, bytes, rejected),
      acknowledged: (lagMs) => this.tally.acknowledged(lagMs),
      closeAfterInFlight: (client, session, reason) => this.closeAfterInFlight(client, session, reason),
    });
  }

  /** The module that owns bridge identities checks credentials. */
  authenticateWith(authenticator: Authenticator): void {
    this.authenticator = authenticator;
  }

  /** New bridges are answered "server unavailable" while this says so (the database refuses writes). */
  refuseWhile(unavailable: () => boolean): void {
    this.unavailable = unavailable;
  }

  /** The module that consumes a topic registers its handler (routing.ts); a topic without one is accepted and dropped. */
  route(leaf: BridgePublishTopic, handler: MessageHandler, options: RouteOptions): void {
    this.routes.add(leaf, handler, options);
  }

  get running(): boolean {
    return this.aedes !== null && !this.aedes.closed;
  }

  async start(): Promise<void> {
    this.backends = this.cluster ? clusterBackends(this.cluster.url, this.cluster.prefix, CONSUMED, this.cluster.watch) : null;
    this.aedes = await Aedes.createBroker({
      ...(this.backends ? { persistence: this.backends.persistence, mq: this.backends.mq } : { mq: localEmitter(CONSUMED) }),
      connectTimeout: this.limits.connectTimeoutMs,
      drainTimeout: 30_000,
      preConnect: (client, packet, callback) => {
        // docs/protocol.md: keepalive as the client asks, at most 300 s. MQTT 3.1.1 cannot tell the
        // client, so a larger (or zero, "never") keepalive is enforced as 300 s (MQTT-3.1.2-24).
        if (!packet.keepalive || packet.keepalive > this.limits.maxKeepaliveSeconds) packet.keepalive = this.limits.maxKeepaliveSeconds;
        if (!packet.clientId) this.withoutClientId.add(client);
        callback(null, true);
      },
      ...this.hooks,
    });
    this.aedes.on('clientReady', (client) => this.onReady(client));
    this.aedes.on('clientDisconnect', (client) => this.onDisconnect(client));
    this.aedes.on('subscribe', (subscriptions, client) => {
      const session = this.sessions.get(client);
      if (!session) return;
      // Refused subscriptions are listed too, with qos 128 (0x80, MQTT 3.1.1 §3.9.3).
      const granted = subscriptions.filter((s) => (s.qos as number) !== 0x80).map((s) => s.topic);
      for (const leaf of ['put', 'admin'] as const) if (granted.includes(topicFor(session.bridge.serial, leaf))) this.emit('subscribed', session.bridge, leaf);
      if (granted.some((topic) => this.isAdminTopic(client, topic))) this.requestSnapshot(client);
    });
    this.aedes.on('clientError', (client, err) => this.log.debug('bridge connection error', { serial: client.id, error: err.message }));
    this.aedes.on('connectionError', (_client, err) => this.log.debug('connection refused', { error: err.message }));
  }

  /** Serves one client connection (a TCP socket or a WebSocket stream). */
  attach(stream: Duplex): void {
    if (!this.aedes) {
      stream.destroy();
      return;
    }
    const guard = new FrameGuard(stream);
    this.connections.add(guard);
    guard.once('close', () => {
      this.connections.delete(guard);
      if (guard.violation) this.log.info('connection closed by the frame limit', { reason: guard.violation, remote: guard.remoteAddress });
    });
    this.aedes.handle(guard);
  }

  /** Connected here or, in cluster mode, to another node: a message published here reaches it either way. */
  isConnected(serial: string): boolean {
    return this.bySerial.has(serial) || this.elsewhere.has(serial);
  }

  /** Cluster mode: the bridges connected to other nodes, as the presence sweep found them. */
  replaceConnectedElsewhere(serials: string[]): void {
    this.elsewhere.clear();
    for (const serial of serials) this.elsewhere.add(serial);
  }

  /** Connected to this node. */
  isConnectedHere(serial: string): boolean {
    return this.bySerial.has(serial);
  }

  /** Cluster mode: the bridges module says which bridges are connected to other nodes. */
  setConnectedElsewhere(serial: string, connected: boolean): void {
    if (connected) this.elsewhere.add(serial);
    else this.elsewhere.delete(serial);
  }

  /** Connected bridges with the time of their last packet. */
  connectedBridges(): Array<{ bridge: BridgeIdentity; lastSeen: Date }> {
    const out: Array<{ bridge: BridgeIdentity; lastSeen: Date }> = [];
    for (const client of this.bySerial.values()) {
      const session = this.sessions.get(client);
      if (session) out.push({ bridge: session.bridge, lastSeen: new Date((client.conn as FrameGuard).lastPacketAt) });
    }
    return out;
  }

  /** Sends a message to a bridge's `put` or `admin` topic at QoS 1. */
  publish(serial: string, leaf: BridgeSubscribeTopic, body: object): Promise<void> {
    const aedes = this.aedes;
    if (!aedes) return Promise.reject(new Error('The MQTT broker is not running'));
    const packet: PublishPacket = {
      cmd: 'publish',
      topic: topicFor(serial, leaf),
      payload: Buffer.from(JSON.stringify(body)),
      qos: 1,
      retain: false,
      dup: false,
    };
    return new Promise((resolve, reject) => aedes.publish(packet, (err) => (err ? reject(err) : resolve())));
  }

  disconnect(serial: string): void {
    this.bySerial.get(serial)?.close();
  }

  async close(): Promise<void> {
    const aedes = this.aedes;
    this.aedes = null;
    if (aedes) await new Promise<void>((resolve) => aedes.close(() => resolve()));
    this.tally.handOn();
    await this.backends?.persistence.destroy();
    this.backends = null;
    // Connections that never sent CONNECT are not Aedes clients yet.
    for (const connection of this.connections) connection.destroy();
  }

  /**
   * A connection that went over a misbehaviour limit is closed, but only once every message it
   * has in flight is answered: a message stored and then dropped with the connection would lose
   * its PUBACK, and the bridge would send it again (MQTT-4.4.0-1), a duplicate at best.
   */
  private closeAfterInFlight(client: Client, session: Session, reason: string): void {
    if (session.closing) return;
    session.closing = true;
    this.log.info('closing a misbehaving connection', { serial: session.bridge.serial, reason });
    const guard = client.conn as FrameGuard;
    guard.stopReading();
    const close = async () => {
      while (session.inFlight.size) await Promise.allSettled([...session.inFlight]);
      guard.closeGracefully();
    };
    void close();
  }

  private onReady(client: Client): void {
    const session = this.sessions.get(client);
    if (!session) return;
    this.bySerial.set(session.bridge.serial, client);
    this.emit('connected', session.bridge, new Date(), session.connection);
    // A resumed session (clean session 0) already holds its subscriptions.
    if (Object.keys((client as Client & { subscriptions: Record<string, unknown> }).subscriptions).some((topic) => this.isAdminTopic(client, topic))) {
      this.requestSnapshot(client);
    }
  }

  private onDisconnect(client: Client): void {
    const session = this.sessions.get(client);
    // A bridge that reconnected replaced this connection (MQTT-3.1.4-2): it stays online.
    if (!session || this.bySerial.get(session.bridge.serial) !== client) return;
    this.bySerial.delete(session.bridge.serial);
    this.emit('disconnected', session.bridge, new Date((client.conn as FrameGuard).lastPacketAt || Date.now()), session.connection);
  }

  private isAdminTopic(client: Client, topic: string): boolean {
    const session = this.sessions.get(client);
    return !!session && topic === topicFor(session.bridge.serial, 'admin');
  }

  /** docs/protocol.md: on every (re)connect the server asks for a snapshot of the bridge's state. */
  private requestSnapshot(client: Client): void {
    const session = this.sessions.get(client);
    if (!session || session.snapshotRequested) return;
    session.snapshotRequested = true;
    const request: AdminRequest = { action: 'snapshot' };
    this.publish(session.bridge.serial, 'admin', request).catch((err) =>
      this.log.warn('snapshot request failed', { serial: session.bridge.serial, error: err }),
    );
  }
}
