/**
 * The embedded MQTT broker that bridges connect to (BRIDGE.md): Aedes with our hooks for
 * authentication, the topic ACL, per-bridge misbehaviour limits, connection state and the
 * hand-off of every accepted message to the module that consumes its topic.
 *
 * Acknowledgement: Aedes sends PUBACK (and PUBREC) only after `authorizePublish` calls back, and
 * that call waits for the topic's handler, so a QoS 1 delta is stored before the bridge may
 * forget it (BRIDGE.md: "acknowledged only once it is stored").
 */
import { EventEmitter } from 'node:events';
import type { Duplex } from 'node:stream';
import { Aedes, type AuthenticateError, type Client, type PublishPacket, type Subscription } from 'aedes';
import type { Logger } from '../platform/logger.js';
import { maySubscribe, publishLeaf } from './acl.js';
import { FrameGuard } from './frame-guard.js';
import { type AdminRequest, type BridgePublishTopic, type BridgeSubscribeTopic, MAX_KEEPALIVE_SECONDS, topicFor } from './protocol.js';

export interface BridgeIdentity {
  id: number;
  serial: string;
}

export interface BridgeMessage {
  bridge: BridgeIdentity;
  leaf: BridgePublishTopic;
  payload: Buffer;
  qos: 0 | 1 | 2;
  messageId: number | undefined;
  /** MQTT 3.1.1 §3.3.1.1: set when the bridge re-delivers a message it sent before. */
  dup: boolean;
  receivedAt: Date;
}

/** Consumes one topic's messages; resolves once the message is safely stored. */
export type MessageHandler = (message: BridgeMessage) => Promise<void>;

/** Checks a bridge's credentials: its identity, or null when they are wrong. */
export type Authenticator = (serial: string, secret: Buffer) => Promise<BridgeIdentity | null>;

/**
 * Thrown by a handler for a message it cannot use (not JSON, not a delta...): the message is
 * dropped and counted against the bridge, and the bridge keeps its connection.
 */
export class MalformedMessage extends Error {}

export interface BrokerLimits {
  maxKeepaliveSeconds: number;
  /** Refused publishes and subscriptions a connection may make before it is closed. */
  refusalsBeforeClose: number;
  /** Malformed messages a connection may send within a minute before it is closed. */
  malformedPerMinute: number;
  /** A connection that sends no CONNECT within this time is closed. */
  connectTimeoutMs: number;
}

const DEFAULT_LIMITS: BrokerLimits = {
  maxKeepaliveSeconds: MAX_KEEPALIVE_SECONDS,
  refusalsBeforeClose: 5,
  malformedPerMinute: 20,
  connectTimeoutMs: 10_000,
};

export interface BrokerEvents {
  connected: [bridge: BridgeIdentity, at: Date];
  disconnected: [bridge: BridgeIdentity, lastSeen: Date];
  /** A bridge's subscription to one of its own topics was granted: it can now receive there. */
  subscribed: [bridge: BridgeIdentity, leaf: BridgeSubscribeTopic];
  /** Every PUBLISH a bridge sends, with its payload size; `rejected` when it was dropped. */
  traffic: [bridge: BridgeIdentity, bytes: number, rejected: boolean];
}

/**
 * Where consumed and refused messages go: a `$` topic matches no wildcard (MQTT-4.7.2-1) and the
 * ACL lets nobody subscribe to it.
 */
const CONSUMED = '$consumed';

interface Route {
  handler: MessageHandler;
  ordered: boolean;
}

interface Session {
  bridge: BridgeIdentity;
  /** Per ordered topic, the handling of the last message received. */
  tails: Map<BridgePublishTopic, Promise<unknown>>;
  refusals: number;
  malformedWindowStart: number;
  malformed: number;
  snapshotRequested: boolean;
}

function authError(returnCode: 2 | 3 | 5, message: string): AuthenticateError {
  return Object.assign(new Error(message), { returnCode }) as AuthenticateError;
}

export class BridgeBroker extends EventEmitter<BrokerEvents> {
  private aedes: Aedes | null = null;
  private authenticator: Authenticator = async () => null;
  private readonly routes = new Map<BridgePublishTopic, Route>();
  private readonly sessions = new WeakMap<Client, Session>();
  private readonly withoutClientId = new WeakSet<Client>();
  private readonly bySerial = new Map<string, Client>();
  private readonly connections = new Set<FrameGuard>();

  constructor(
    private readonly log: Logger,
    private readonly limits: BrokerLimits = DEFAULT_LIMITS,
  ) {
    super();
  }

  /** The module that owns bridge identities checks credentials. */
  authenticateWith(authenticator: Authenticator): void {
    this.authenticator = authenticator;
  }

  /**
   * The module that consumes a topic registers its handler; a topic without one is accepted and
   * dropped. Aedes hands over all packets read in one go at once; `ordered` makes one bridge's
   * messages on this topic wait for each other (a later inventory must win), while a handler
   * that keeps order itself (the telemetry group commit) takes them all at once.
   */
  route(leaf: BridgePublishTopic, handler: MessageHandler, options: { ordered: boolean }): void {
    if (this.routes.has(leaf)) throw new Error(`A handler for ${leaf} is already registered`);
    this.routes.set(leaf, { handler, ...options });
  }

  get running(): boolean {
    return this.aedes !== null && !this.aedes.closed;
  }

  async start(): Promise<void> {
    this.aedes = await Aedes.createBroker({
      connectTimeout: this.limits.connectTimeoutMs,
      drainTimeout: 30_000,
      preConnect: (client, packet, callback) => {
        // BRIDGE.md: keepalive as the client asks, at most 300 s. MQTT 3.1.1 cannot tell the
        // client, so a larger (or zero, "never") keepalive is enforced as 300 s (MQTT-3.1.2-24).
        if (!packet.keepalive || packet.keepalive > this.limits.maxKeepaliveSeconds) packet.keepalive = this.limits.maxKeepaliveSeconds;
        if (!packet.clientId) this.withoutClientId.add(client);
        callback(null, true);
      },
      authenticate: (client, username, password, callback) => this.authenticate(client, username, password, callback),
      authorizeSubscribe: (client, subscription, callback) => this.authorizeSubscribe(client, subscription, callback),
      authorizePublish: (client, packet, callback) => this.authorizePublish(client, packet, callback),
    });
    this.aedes.on('clientReady', (client) => this.onReady(client));
    this.aedes.on('clientDisconnect', (client) => this.onDisconnect(client));
    this.aedes.on('subscribe', (subscriptions, client) => {
      // Refused subscriptions are listed too, with qos 128 (0x80).
      if (subscriptions.some((s) => (s.qos as number) !== 0x80 && this.isAdminTopic(client, s.topic))) this.requestSnapshot(client);
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

  isConnected(serial: string): boolean {
    return this.bySerial.has(serial);
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
    const packet: PublishPacket = { cmd: 'publish', topic: topicFor(serial, leaf), payload: Buffer.from(JSON.stringify(body)), qos: 1, retain: false, dup: false };
    return new Promise((resolve, reject) => aedes.publish(packet, (err) => (err ? reject(err) : resolve())));
  }

  disconnect(serial: string): void {
    this.bySerial.get(serial)?.close();
  }

  async close(): Promise<void> {
    const aedes = this.aedes;
    this.aedes = null;
    if (aedes) await new Promise<void>((resolve) => aedes.close(() => resolve()));
    // Connections that never sent CONNECT are not Aedes clients yet.
    for (const connection of this.connections) connection.destroy();
  }

  private authenticate(client: Client, username: string | undefined, password: Buffer | undefined, callback: (error: AuthenticateError | null, success: boolean | null) => void): void {
    // BRIDGE.md: clientId = username = serial. An empty client id is refused (MQTT-3.1.3-9).
    if (this.withoutClientId.has(client)) return callback(authError(2, 'a bridge must send its serial as client id'), null);
    if (!username || username !== client.id || !password) return callback(authError(5, 'not authorized'), null);
    this.authenticator(username, password).then(
      (bridge) => {
        if (!bridge) return callback(authError(5, 'not authorized'), null);
        this.sessions.set(client, { bridge, tails: new Map(), refusals: 0, malformedWindowStart: 0, malformed: 0, snapshotRequested: false });
        callback(null, true);
      },
      (err) => {
        this.log.error('bridge authentication failed', { serial: username, error: err });
        callback(authError(3, 'server unavailable'), null);
      },
    );
  }

  private authorizeSubscribe(client: Client, subscription: Subscription, callback: (error: Error | null, subscription?: Subscription | null) => void): void {
    const session = this.sessions.get(client);
    if (session && maySubscribe(session.bridge.serial, subscription.topic)) return callback(null, subscription);
    // A refused subscription is answered with return code 0x80 (MQTT 3.1.1 §3.9.3), not a dropped connection.
    this.log.info('subscription refused', { serial: client.id, topic: subscription.topic });
    if (session && this.tooManyRefusals(session)) return callback(new Error('too many refused requests'));
    callback(null, null);
  }

  private authorizePublish(client: Client | null, packet: PublishPacket, callback: (error?: Error | null) => void): void {
    const session = client ? this.sessions.get(client) : undefined;
    // A will left by a connection that is gone: nothing to attribute it to.
    if (!session) return this.consume(packet, callback);
    const leaf = publishLeaf(session.bridge.serial, packet.topic);
    const bytes = packet.payload.length;
    if (!leaf) {
      // MQTT-3.3.5-2: an unauthorised PUBLISH is acknowledged as usual or the connection closed.
      this.log.info('publish refused', { serial: session.bridge.serial, topic: packet.topic });
      this.emit('traffic', session.bridge, bytes, true);
      if (this.tooManyRefusals(session)) return callback(new Error('too many refused requests'));
      return this.consume(packet, callback);
    }
    const route = this.routes.get(leaf);
    if (!route) {
      this.emit('traffic', session.bridge, bytes, false);
      return this.consume(packet, callback);
    }
    const message: BridgeMessage = {
      bridge: session.bridge,
      leaf,
      payload: packet.payload as Buffer,
      qos: packet.qos,
      messageId: packet.messageId,
      dup: packet.dup,
      receivedAt: new Date(),
    };
    this.handle(session, route, message).then(
      () => {
        this.emit('traffic', session.bridge, bytes, false);
        this.consume(packet, callback);
      },
      (err: unknown) => {
        if (err instanceof MalformedMessage) {
          this.log.info('malformed message dropped', { serial: session.bridge.serial, topic: leaf, reason: err.message });
          this.emit('traffic', session.bridge, bytes, true);
          if (this.tooManyMalformed(session)) return callback(new Error('too many malformed messages'));
          return this.consume(packet, callback);
        }
        // Not stored, so not acknowledged: closing the connection makes the bridge send it again.
        this.log.error('message could not be stored', { serial: session.bridge.serial, topic: leaf, error: err });
        callback(err instanceof Error ? err : new Error(String(err)));
      },
    );
  }

  private handle(session: Session, route: Route, message: BridgeMessage): Promise<void> {
    if (!route.ordered) return route.handler(message);
    const handled = (session.tails.get(message.leaf) ?? Promise.resolve()).then(() => route.handler(message));
    session.tails.set(message.leaf, handled.catch(() => {}));
    return handled;
  }

  /**
   * The server is the only consumer of bridge messages (no client may subscribe to them), so
   * once handled they are routed nowhere and nothing is retained.
   */
  private consume(packet: PublishPacket, callback: (error?: Error | null) => void): void {
    packet.topic = CONSUMED;
    packet.retain = false;
    packet.payload = Buffer.alloc(0);
    callback(null);
  }

  private tooManyRefusals(session: Session): boolean {
    session.refusals++;
    return session.refusals >= this.limits.refusalsBeforeClose;
  }

  private tooManyMalformed(session: Session): boolean {
    const now = Date.now();
    if (now - session.malformedWindowStart > 60_000) {
      session.malformedWindowStart = now;
      session.malformed = 0;
    }
    session.malformed++;
    return session.malformed >= this.limits.malformedPerMinute;
  }

  private onReady(client: Client): void {
    const session = this.sessions.get(client);
    if (!session) return;
    this.bySerial.set(session.bridge.serial, client);
    this.emit('connected', session.bridge, new Date());
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
    this.emit('disconnected', session.bridge, new Date((client.conn as FrameGuard).lastPacketAt || Date.now()));
  }

  private isAdminTopic(client: Client, topic: string): boolean {
    const session = this.sessions.get(client);
    return !!session && topic === topicFor(session.bridge.serial, 'admin');
  }

  /** BRIDGE.md: on every (re)connect the server asks for a snapshot of the bridge's state. */
  private requestSnapshot(client: Client): void {
    const session = this.sessions.get(client);
    if (!session || session.snapshotRequested) return;
    session.snapshotRequested = true;
    const request: AdminRequest = { action: 'snapshot' };
    this.publish(session.bridge.serial, 'admin', request).catch((err) => this.log.warn('snapshot request failed', { serial: session.bridge.serial, error: err }));
  }
}
