/**
 * Topic → handler: the module that consumes a topic registers its handler here. Aedes hands
 * over all packets read in one go at once; an `ordered` topic makes one bridge's messages on
 * it wait for each other (a later inventory must win), while a handler that keeps order itself
 * (the telemetry group commit) takes them all at once. A topic may also wait for another's
 * messages sent before it on the same connection (`after`): the values a bridge sends right
 * behind a new inventory are read against that inventory, not against the one it replaces.
 */
import type { BridgePublishTopic } from './protocol.js';

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

/**
 * Thrown by a handler for a message it cannot use (not JSON, not a delta...): the message is
 * dropped and counted against the bridge, and the bridge keeps its connection.
 */
export class MalformedMessage extends Error {}

export interface RouteOptions {
  ordered: boolean;
  /** An ordered topic whose messages sent before this one on the connection are handled first (an unordered one has no tail to wait for). */
  after?: BridgePublishTopic;
}

interface Route extends RouteOptions {
  handler: MessageHandler;
}

/** Per connection, the handling of the last message of each ordered topic, while it lasts. */
export type Tails = Map<BridgePublishTopic, Promise<void>>;

const ignore = (): void => {};

export class Routes {
  private readonly routes = new Map<BridgePublishTopic, Route>();

  add(leaf: BridgePublishTopic, handler: MessageHandler, options: RouteOptions): void {
    if (this.routes.has(leaf)) throw new Error(`A handler for ${leaf} is already registered`);
    this.routes.set(leaf, { handler, ...options });
  }

  has(leaf: BridgePublishTopic): boolean {
    return this.routes.has(leaf);
  }

  /** Hands the message to its topic's handler; resolves once it is stored. */
  dispatch(tails: Tails, message: BridgeMessage): Promise<void> {
    const route = this.routes.get(message.leaf);
    if (!route) return Promise.resolve();
    // Nothing to wait for (the common case): handled at once, with the rest of what was read.
    const waitsFor = route.ordered ? message.leaf : route.after;
    const before = waitsFor && tails.get(waitsFor);
    const handled = before ? before.then(() => route.handler(message)) : route.handler(message);
    if (!route.ordered) return handled;
    const tail: Promise<void> = handled.then(ignore, ignore).then(() => {
      if (tails.get(message.leaf) === tail) tails.delete(message.leaf);
    });
    tails.set(message.leaf, tail);
    return handled;
  }
}
