/**
 * A bridge's MQTT session with the cloud (docs/protocol.md "Connection"): clientId = username = serial,
 * password = secret, MQTT 3.1.1, the offline will, its own `put` and `admin` subscriptions, and
 * store and forward for deltas while the link is down.
 *
 * Clean session: every connect starts a fresh session. The server asks for a snapshot on every
 * connect anyway, and a persistent session would deliver PUTs queued while the vessel was offline:
 * switching on a light because of a tap made minutes ago is worse than the 418 the user got then.
 */
import mqtt, { type MqttClient } from 'mqtt';
import { type BridgePublishTopic, MAX_KEEPALIVE_SECONDS, topicFor } from '../contracts/bridge';
import { DeltaBuffer, type DeltaStore } from './buffer';
import type { Logger } from './logger';
import type { Random } from './random';

const OFFLINE_STATUS = JSON.stringify({ online: false });
const GOODBYE_TIMEOUT_MS = 2000;

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());

export interface ConnectionOptions {
  mqttUrl: string;
  serial: string;
  secret: string;
  /** Deltas kept in memory while disconnected before the oldest are dropped. */
  bufferLimit: number;
  /** Where deltas wait while disconnected instead (the bridge agent's on-disk queue). */
  store?: DeltaStore;
  /** Base delay between reconnect attempts; each bridge jitters it so a fleet does not stampede. */
  reconnectMs: number;
  keepaliveSeconds: number;
  random: Random;
  log: Logger;
  /** Called on every (re)connect, once subscribed: the bridge publishes its state. */
  onConnect(): void;
  onRequest(leaf: 'put' | 'admin', payload: Buffer): void;
}

export interface ConnectionStats {
  /** Successful connects, the first one included. */
  connects: number;
  /** Messages the broker acknowledged (PUBACK). */
  messagesSent: number;
  deltasSent: number;
  /** Deltas waiting in the store-and-forward buffer. */
  buffered: number;
  /** Deltas dropped from a full buffer. */
  dropped: number;
}

export class BridgeConnection {
  readonly client: MqttClient;
  private readonly buffer: DeltaStore;
  private readonly counters = { connects: 0, messagesSent: 0, deltasSent: 0 };
  private readyWaiters: Array<() => void> = [];
  /**
   * Up from our own 'connect' handler to 'close'. The client says connected as soon as CONNACK
   * arrives, while it is still resending its in-flight messages; a delta sent then would overtake
   * the buffered ones.
   */
  private up = false;
  private started = false;
  private lastError: string | undefined;
  private stopped = false;
  private restartTimer: NodeJS.Timeout | undefined;

  constructor(private readonly options: ConnectionOptions) {
    const { serial, secret, random } = options;
    if (options.keepaliveSeconds > MAX_KEEPALIVE_SECONDS) throw new RangeError(`keepalive is at most ${MAX_KEEPALIVE_SECONDS} s`);
    this.buffer = options.store ?? new DeltaBuffer(options.bufferLimit);
    this.client = mqtt.connect(options.mqttUrl, {
      clientId: serial,
      username: serial,
      password: secret,
      protocolVersion: 4,
      clean: true,
      keepalive: options.keepaliveSeconds,
      reconnectPeriod: Math.round(options.reconnectMs * random.between(0.75, 1.25)),
      // mqtt.js stops for good after a refused CONNECT; a server that cannot store messages for a
      // while answers "server unavailable" and expects the bridge back (docs/protocol.md, "Connecting").
      reconnectOnConnackError: true,
      connectTimeout: 10_000,
      // Subscriptions are made again on every connect (clean session), not replayed by the client.
      resubscribe: false,
      manualConnect: true,
      will: { topic: topicFor(serial, 'status'), payload: Buffer.from(OFFLINE_STATUS), qos: 1, retain: true },
    });
    this.client.on('connect', () => this.connected());
    this.client.on('message', (topic, payload) => this.received(topic, payload));
    this.client.on('error', (error) => {
      // A broker that stays down fails every attempt the same way: say it once, not every 2 s.
      const repeated = error.message === this.lastError;
      this.lastError = error.message;
      if (repeated) options.log.debug(`connection error: ${error.message}`);
      else options.log.warn(`connection error: ${error.message}`);
    });
    this.client.on('close', () => {
      if (this.up && !this.stopped) options.log.info('disconnected');
      this.up = false;
    });
  }

  get isConnected(): boolean {
    return this.up && this.client.connected;
  }

  get stats(): ConnectionStats {
    return { ...this.counters, buffered: this.buffer.length, dropped: this.buffer.dropped };
  }

  /** Opens the connection; separate from construction so that a fleet can stagger its connects. */
  start(): void {
    this.started = true;
    this.client.connect();
  }

  /** Resolves once connected and the bridge has published its state. */
  waitForConnect(timeoutMs: number): Promise<void> {
    if (this.isConnected) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.readyWaiters = this.readyWaiters.filter((waiter) => waiter !== ready);
        reject(new Error(`${this.options.serial} did not connect to ${this.options.mqttUrl} within ${timeoutMs} ms`));
      }, timeoutMs);
      const ready = () => {
        clearTimeout(timer);
        resolve();
      };
      this.readyWaiters.push(ready);
    });
  }

  /** QoS 1; nothing but deltas is kept while offline, since status and answers are stale by reconnect time. */
  publish(leaf: Exclude<BridgePublishTopic, 'delta'>, payload: string, retain = false): void {
    if (!this.isConnected) return;
    this.send(leaf, payload, retain);
  }

  /** Sends a delta now, or keeps it (with its original timestamps) until the link is back. */
  publishDelta(payload: string): void {
    if (this.isConnected) this.send('delta', payload, false);
    else this.buffer.push(payload);
  }

  /**
   * Sends the buffered deltas in order; the bridge calls it on connect before its fresh snapshot.
   * Each is released from the store only once the broker acknowledged it.
   */
  flushBuffer(): void {
    const waiting = this.buffer.length;
    for (const payload of this.buffer.drain()) this.send('delta', payload, false, () => this.buffer.acknowledged?.());
    if (waiting > 0) this.options.log.info(`forwarded ${waiting} buffered deltas`);
  }

  /** Goes offline as a rebooting bridge does, and connects again after `downtimeMs`. */
  async restart(downtimeMs: number): Promise<void> {
    await this.disconnect();
    if (this.stopped) return;
    this.restartTimer = setTimeout(() => {
      this.restartTimer = undefined;
      if (!this.stopped) this.client.reconnect();
    }, downtimeMs);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.restartTimer);
    if (this.started) await this.disconnect();
  }

  /** Says goodbye with an offline status (a clean disconnect discards the will), then disconnects. */
  private async disconnect(): Promise<void> {
    const wasUp = this.isConnected;
    this.up = false;
    if (wasUp) {
      const goodbye = this.client.publishAsync(topicFor(this.options.serial, 'status'), OFFLINE_STATUS, { qos: 1, retain: true });
      // A broker that stopped answering must not keep the bridge from shutting down.
      const acknowledged = await Promise.race([
        goodbye.then(
          () => true,
          () => false,
        ),
        delay(GOODBYE_TIMEOUT_MS).then(() => false),
      ]);
      if (acknowledged) return void (await this.client.endAsync(false));
    }
    await this.client.endAsync(true);
  }

  private send(leaf: BridgePublishTopic, payload: string, retain: boolean, onAcknowledged?: () => void): void {
    this.client.publish(topicFor(this.options.serial, leaf), payload, { qos: 1, retain }, (error) => {
      if (error) return this.options.log.debug(`publish to ${leaf} not acknowledged: ${error.message}`);
      onAcknowledged?.();
      this.counters.messagesSent += 1;
      if (leaf === 'delta') this.counters.deltasSent += 1;
    });
  }

  private connected(): void {
    const { serial, log } = this.options;
    this.counters.connects += 1;
    this.up = true;
    this.lastError = undefined;
    log.info(this.counters.connects === 1 ? 'connected' : 'reconnected');
    const requests = [topicFor(serial, 'put'), topicFor(serial, 'admin')];
    this.client.subscribe(requests, { qos: 1 }, (error, granted) => {
      if (error) return log.error(`subscribe failed: ${error.message}`);
      // MQTT 3.1.1 §3.9.3: return code 0x80 is a refused subscription (the broker's ACL).
      for (const grant of granted ?? []) if (grant.qos === 0x80) log.error(`subscription to ${grant.topic} refused by the broker`);
    });
    this.options.onConnect();
    const waiters = this.readyWaiters;
    this.readyWaiters = [];
    for (const ready of waiters) ready();
  }

  private received(topic: string, payload: Buffer): void {
    const { serial } = this.options;
    if (topic === topicFor(serial, 'put')) this.options.onRequest('put', payload);
    else if (topic === topicFor(serial, 'admin')) this.options.onRequest('admin', payload);
  }
}
