/**
 * The broker's Aedes hooks, as Aedes splits them: `authenticate` checks a bridge's
 * credentials, `authorizeSubscribe` applies the topic ACL to subscriptions, `authorizePublish`
 * applies it to publishes and hands an accepted message on to its topic's handler. Aedes sends
 * PUBACK (MQTT 3.1.1 §3.3.4) once `authorizePublish` calls back, and reads a connection's next
 * packets only once every packet of the last read was answered. So that one busy connection is
 * not held to one small commit per read, `authorizePublish` calls back as soon as the message is
 * handed on, and the connection's FrameGuard holds everything written after it until the handler
 * has stored the message; the hold then sends the message's PUBACK itself, in its place (Aedes,
 * told QoS 0 once the message is handed on, writes none). A QoS 1 delta is still stored before
 * the bridge may forget it (docs/protocol.md, docs/performance.md "Single-connection ingest").
 */
import type { AuthenticateError, Client, PublishPacket, Subscription } from 'aedes';
import { errorText, type Logger, RepeatedLog } from '../platform/logger.js';
import type { FrameGuard } from './frame-guard.js';
import { maySubscribe, publishLeaf } from './acl.js';
import type { Misbehaviour } from './limits.js';
import { type BridgeIdentity, type BridgeMessage, MalformedMessage, type Routes, type Tails } from './routing.js';

/** Checks a bridge's credentials: its identity, or null when they are wrong. */
export type Authenticator = (serial: string, secret: Buffer) => Promise<BridgeIdentity | null>;

/** What the broker keeps about an authenticated connection. */
export interface Session {
  bridge: BridgeIdentity;
  /** This connection, unique in the cluster. */
  connection: string;
  tails: Tails;
  misbehaviour: Misbehaviour;
  /** Messages handed on and not yet answered: they are acknowledged before a close. */
  inFlight: Set<Promise<void>>;
  closing: boolean;
  snapshotRequested: boolean;
}

export interface HookDeps {
  log: Logger;
  routes: Routes;
  sessions: WeakMap<Client, Session>;
  /** Connections whose CONNECT carried no client id. */
  withoutClientId: WeakSet<Client>;
  authenticator: () => Authenticator;
  /**
   * The server cannot store what a bridge sends (the database refuses writes): a CONNECT is
   * answered "server unavailable" rather than taken and dropped at the bridge's first message.
   */
  unavailable: () => boolean;
  newSession: (bridge: BridgeIdentity) => Session;
  traffic: (bridge: BridgeIdentity, bytes: number, rejected: boolean) => void;
  /** A handled message is about to be acknowledged, this long after it arrived. */
  acknowledged: (lagMs: number) => void;
  /** Closes a misbehaving connection once every message it has in flight is answered. */
  closeAfterInFlight: (client: Client, session: Session, reason: string) => void;
}

/**
 * Where consumed and refused messages go: a `$` topic matches no wildcard (MQTT-4.7.2-1) and the
 * ACL lets nobody subscribe to it.
 */
export const CONSUMED = '$consumed';

/**
 * Messages a connection may have handed on before their answers: beyond this, Aedes reads no more
 * of it until they are stored (a client that ignores its own in-flight window is slowed, and the
 * held acknowledgements stay bounded).
 */
export const MAX_UNANSWERED = 1000;

function authError(returnCode: 2 | 3 | 5, message: string): AuthenticateError {
  return Object.assign(new Error(message), { returnCode });
}

/**
 * The server is the only consumer of bridge messages (no client may subscribe to them), so
 * once handled they are routed nowhere and nothing is retained.
 */
function consume(packet: PublishPacket, callback: (error?: Error | null) => void): void {
  packet.topic = CONSUMED;
  packet.retain = false;
  packet.payload = Buffer.alloc(0);
  callback(null);
}

/**
 * Lets a handled message's PUBACK go: the one its connection holds, or Aedes' own when nothing was
 * held. (A function of the module, not a closure a message: the hot path makes as few as it can.)
 */
function answer(release: (() => void) | null, packet: PublishPacket, callback: (error?: Error | null) => void): void {
  if (release) release();
  else consume(packet, callback);
}

export function createHooks(deps: HookDeps) {
  const { log, sessions } = deps;
  // While the database refuses writes, every message and every CONNECT would be a line of its own.
  const notStored = new RepeatedLog(log, 'error', 'message could not be stored');
  const refused = new RepeatedLog(log, 'warn', 'bridge refused: the server cannot store its messages now');

  function authenticate(
    client: Client,
    username: string | undefined,
    password: Buffer | undefined,
    callback: (error: AuthenticateError | null, success: boolean | null) => void,
  ): void {
    // docs/protocol.md: clientId = username = serial. An empty client id is refused (MQTT-3.1.3-9).
    if (deps.withoutClientId.has(client)) return callback(authError(2, 'a bridge must send its serial as client id'), null);
    // MQTT-3.1.4-1 / §3.2.2.3 return code 5: wrong credentials get "not authorized" and nothing else.
    if (!username || username !== client.id || !password) return callback(authError(5, 'not authorized'), null);
    // §3.2.2.3 return code 3; the bridge tries again after its reconnect delay (docs/protocol.md, "Connecting").
    if (deps.unavailable()) {
      refused.report({ serial: username });
      return callback(authError(3, 'server unavailable'), null);
    }
    deps
      .authenticator()(username, password)
      .then(
        (bridge) => {
          if (!bridge) return callback(authError(5, 'not authorized'), null);
          // A client that closed the connection while its CONNECT waited gave up on it (its connect
          // timeout, in a reconnect storm) and has likely connected again: served, the CONNECT would
          // take over (MQTT-3.1.4-2) that newer connection. One turn of the event loop first, so
          // that a close already received has been read (docs/protocol.md, "Connecting").
          setImmediate(() => {
            if ((client.conn as FrameGuard).clientGone) return callback(authError(3, 'server unavailable'), null);
            sessions.set(client, deps.newSession(bridge));
            callback(null, true);
          });
        },
        (err) => {
          log.error('bridge authentication failed', { serial: username, error: err });
          callback(authError(3, 'server unavailable'), null);
        },
      );
  }

  function authorizeSubscribe(client: Client, subscription: Subscription, callback: (error: Error | null, subscription?: Subscription | null) => void): void {
    const session = sessions.get(client);
    if (session && maySubscribe(session.bridge.serial, subscription.topic)) return callback(null, subscription);
    // A refused subscription is answered with return code 0x80 (MQTT 3.1.1 §3.9.3), not a dropped connection.
    log.info('subscription refused', { serial: client.id, topic: subscription.topic });
    if (session && session.misbehaviour.refused()) deps.closeAfterInFlight(client, session, 'too many refused requests');
    callback(null, null);
  }

  function authorizePublish(client: Client | null, packet: PublishPacket, callback: (error?: Error | null) => void): void {
    const session = client ? sessions.get(client) : undefined;
    // A will left by a connection that is gone: nothing to attribute it to.
    if (!client || !session) return consume(packet, callback);
    const leaf = publishLeaf(session.bridge.serial, packet.topic);
    const bytes = packet.payload.length;
    if (!leaf) {
      // MQTT-3.3.5-2: an unauthorised PUBLISH is acknowledged as usual or the connection closed.
      log.info('publish refused', { serial: session.bridge.serial, topic: packet.topic });
      deps.traffic(session.bridge, bytes, true);
      if (session.misbehaviour.refused()) deps.closeAfterInFlight(client, session, 'too many refused requests');
      return consume(packet, callback);
    }
    if (!deps.routes.has(leaf)) {
      deps.traffic(session.bridge, bytes, false);
      return consume(packet, callback);
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
    // Read on while this message is stored, its PUBACK held back until then (see the top of the file).
    // A QoS 1 PUBACK is the hold's own: the guard writes it, in its place, once the message is stored.
    const ack = packet.qos === 1 && packet.messageId !== undefined ? packet.messageId : -1;
    const release = session.inFlight.size < MAX_UNANSWERED ? (client.conn as FrameGuard).hold(ack) : null;
    const answered: Promise<void> = deps.routes.dispatch(session.tails, message).then(
      () => {
        session.inFlight.delete(answered);
        deps.traffic(session.bridge, bytes, false);
        deps.acknowledged(Date.now() - message.receivedAt.getTime());
        answer(release, packet, callback);
      },
      (err: unknown) => {
        session.inFlight.delete(answered);
        if (err instanceof MalformedMessage) {
          log.info('malformed message dropped', { serial: session.bridge.serial, topic: leaf, reason: err.message });
          deps.traffic(session.bridge, bytes, true);
          if (session.misbehaviour.malformedMessage()) deps.closeAfterInFlight(client, session, 'too many malformed messages');
          return answer(release, packet, callback);
        }
        // Not stored, so not acknowledged: closing the connection makes the bridge send it again (MQTT-4.4.0-1).
        notStored.report({ serial: session.bridge.serial, topic: leaf, code: (err as { code?: unknown }).code, error: errorText(err) });
        const error = err instanceof Error ? err : new Error(String(err));
        // Its held PUBACK, and everything after it, goes with the connection.
        if (release) client.conn.destroy(error);
        else callback(error);
      },
    );
    session.inFlight.add(answered);
    if (!release) return;
    // Its PUBACK is the hold's: Aedes, told QoS 0, neither writes one nor keeps the message for
    // offline subscribers (a consumed message has none).
    if (ack >= 0) packet.qos = 0;
    consume(packet, callback);
  }

  return { authenticate, authorizeSubscribe, authorizePublish };
}
