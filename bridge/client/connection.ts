/**
 * A bridge's MQTT session with the cloud (docs/protocol.md "Connection"): clientId = username = serial,
 * password = secret, MQTT 3.1.1, the offline will, its own `put` and `admin` subscriptions, and
 * store and forward for deltas while the link is down.
 *
 * It never gives up (docs/protocol.md, "Reconnecting"): after a lost link, a refused connection or a
 * refused CONNACK alike it tries again after a jittered exponential backoff (backoff.ts). mqtt.js
 * keeps the timer, which keeps its in-flight messages for the next connection; this class sets the
 * period before each wait, and asks mqtt.js to carry on after a refused CONNACK too
 * (`reconnectOnConnackError`: by default a refusal ends its reconnecting for good).
 *
 * Clean session: every connect starts a fresh session. The server asks for a snapshot on every
 * connect anyway, and a persistent session would deliver PUTs queued while the vessel was offline:
 * switching on a light because of a tap made minutes ago is worse than the 418 the user got then.
 */
import mqtt, { type MqttClient } from 'mqtt';
import { type BridgePublishTopic, MAX_KEEPALIVE_SECONDS, topicFor } from '../../contracts/bridge';
import { CREDENTIALS_REFUSED, backoffConfig, reconnectDelay, type BackoffConfig } from './backoff';
import { DeltaBuffer, type DeltaStore } from './buffer';
import type { Logger } from './logger';
import type { Random } from './random';

const OFFLINE_STATUS = JSON.stringify({ online: false });
const GOODBYE_TIMEOUT_MS = 2000;
/** A connection that lasted less than this did not end the run of failures: it keeps the backoff growing. */
const STABLE_MS = 10_000;

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());

export interface ConnectionOptions {
  mqttUrl: string;
  serial: string;
  secret: string;
  /** Deltas kept in memory while disconnected before the oldest are dropped. */
  bufferLimit: number;
  /** Where deltas wait while disconnected instead (the bridge agent's on-disk queue). */
  store?: DeltaStore;
  /** The first wait after a failure; it doubles with each failure in a row, jittered (backoff.ts). */
  reconnectMs: number;
  /** The longest wait. Default 60 s. */
  reconnectMaxMs?: number;
  /** The first wait after the credentials were refused. Default 40 s (30 to 40 with the jitter). */
  refusedReconnectMs?: number;
  keepaliveSeconds: number;
  random: Random;
  log: Logger;
  /** Called on every (re)connect, once subscribed: the bridge publishes its state. */
  onConnect(): void;
  onRequest(leaf: 'put' | 'admin', payload: Buffer): void;
  /** Called on every change of the link's state (connected, a failure and the wait before the next attempt, stopped). */
  onLinkChange?(link: LinkState): void;
}

export interface LinkState {
  state: 'connecting' | 'connected' | 'waiting' | 'stopped';
  /** When this state began (ISO 8601). */
  since: string;
  /** Failed attempts (or short-lived connections) in a row. */
  failures: number;
  /** Why the last attempt failed or the last connection ended. */
  lastError?: string;
  /** While waiting: the wait, and when the next attempt starts (ISO 8601). */
  nextAttemptMs?: number;
  nextAttemptAt?: string;
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
  /** When the broker last acknowledged a delta (ISO 8601). */
  lastDelivery?: string;
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
  private stopped = false;
  private restartTimer: NodeJS.Timeout | undefined;
  private readonly backoff: BackoffConfig;
  /** Failed attempts in a row (a connection that did not last counts as one). */
  private failures = 0;
  private nextWait: number;
  private stableTimer: NodeJS.Timeout | undefined;
  private previousError: string | undefined;
  /** The current attempt's failure: its message, and whether the broker refused the credentials. */
  private failure: { message: string; credentials: boolean } | undefined;
  /** The current attempt's failure was counted already (a refused CONNACK, whose wait mqtt.js arms before 'close'). */
  private counted = false;
  private lastDelivery: string | undefined;
  private linkState: LinkState = { state: 'connecting', since: new Date().toISOString(), failures: 0 };

  constructor(private readonly options: ConnectionOptions) {
    const { serial, secret } = options;
    if (options.keepaliveSeconds > MAX_KEEPALIVE_SECONDS) throw new RangeError(`keepalive is at most ${MAX_KEEPALIVE_SECONDS} s`);
    this.buffer = options.store ?? new DeltaBuffer(options.bufferLimit);
    this.backoff = backoffConfig(options.reconnectMs, { maxMs: options.reconnectMaxMs, refusedMs: options.refusedReconnectMs });
    this.nextWait = reconnectDelay(1, false, this.backoff, options.random);
    this.client = mqtt.connect(options.mqttUrl, {
      clientId: serial,
      username: serial,
      password: secret,
      protocolVersion: 4,
      clean: true,
      keepalive: options.keepaliveSeconds,
      // The wait after the next failure, set again after each one (failed()).
      reconnectPeriod: this.nextWait,
      reconnectOnConnackError: true,
      connectTimeout: 10_000,
      // Subscriptions are made again on every connect (clean session), not replayed by the client.
      resubscribe: false,
      manualConnect: true,
      will: { topic: topicFor(serial, 'status'), payload: Buffer.from(OFFLINE_STATUS), qos: 1, retain: true },
    });
    this.client.on('connect', () => this.connected());
    this.client.on('message', (topic, payload) => this.received(topic, payload));
    this.client.on('error', (error) => this.errored(error));
    // Before mqtt.js's own 'close' listener, which arms the wait with the period this one sets.
    this.client.prependListener('close', () => this.closed());
  }

  get isConnected(): boolean {
    return this.up && this.client.connected;
  }

  get stats(): ConnectionStats {
    return { ...this.counters, buffered: this.buffer.length, dropped: this.buffer.dropped, lastDelivery: this.lastDelivery };
  }

  get link(): LinkState {
    return { ...this.linkState };
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
    clearTimeout(this.stableTimer);
    if (this.started) await this.disconnect();
    this.changeLink({ state: 'stopped', failures: this.failures });
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
      if (leaf === 'delta') {
        this.counters.deltasSent += 1;
        this.lastDelivery = new Date().toISOString();
      }
    });
  }

  private errored(error: Error & { code?: unknown }): void {
    const credentials = typeof error.code === 'number' && CREDENTIALS_REFUSED.has(error.code);
    this.failure = { message: error.message, credentials };
    // mqtt.js arms the wait after a refused CONNACK right after this event, before the socket closes.
    if (!this.counted && error.message.startsWith('Connection refused')) {
      this.failed();
      this.counted = true;
    }
  }

  /** Every attempt and every connection ends here once, whether it failed to connect or was lost. */
  private closed(): void {
    const wasUp = this.up;
    this.up = false;
    clearTimeout(this.stableTimer);
    if (this.stopped || this.client.disconnecting) {
      this.counted = false;
      this.failure = undefined;
      return;
    }
    if (!this.counted) this.failed();
    this.counted = false;
    const { lastError, nextAttemptMs = 0 } = this.linkState;
    const line = `(${lastError}); next attempt in ${(nextAttemptMs / 1000).toFixed(1)} s`;
    // One line per attempt at most: a warning when something changed, the repeats of a run of
    // identical failures at info (with the backoff, at most one a minute once it is capped).
    if (wasUp) this.options.log.warn(`disconnected ${line}`);
    else if (lastError !== this.previousError) this.options.log.warn(`connection failed ${line}`);
    else this.options.log.info(`connection attempt ${this.failures} failed ${line}`);
    this.previousError = lastError;
    this.failure = undefined;
  }

  /**
   * Counts a failure and gives mqtt.js the wait it arms next. Outside a failure the period is the
   * wait a failure would get (`nextWait`): mqtt.js arms it before 'close' when it ends a
   * connection itself (keepalive or connect timeout).
   */
  private failed(): void {
    this.failures += 1;
    const credentials = this.failure?.credentials ?? false;
    const waitMs = credentials ? reconnectDelay(this.failures, true, this.backoff, this.options.random) : this.nextWait;
    this.client.options.reconnectPeriod = waitMs;
    this.setNextWait(reconnectDelay(this.failures + 1, false, this.backoff, this.options.random), true);
    this.changeLink({
      state: 'waiting',
      failures: this.failures,
      lastError: this.failure?.message ?? 'connection closed',
      nextAttemptMs: waitMs,
      nextAttemptAt: new Date(Date.now() + waitMs).toISOString(),
    });
  }

  /** The wait after the next failure; `afterArming`: set once mqtt.js has armed the current one (same turn, synchronously). */
  private setNextWait(waitMs: number, afterArming = false): void {
    this.nextWait = waitMs;
    if (!afterArming) this.client.options.reconnectPeriod = waitMs;
    else
      process.nextTick(() => {
        if (this.nextWait === waitMs) this.client.options.reconnectPeriod = waitMs;
      });
  }

  private changeLink(link: Omit<LinkState, 'since'>): void {
    this.linkState = { ...link, since: new Date().toISOString() };
    this.options.onLinkChange?.(this.link);
  }

  private connected(): void {
    const { serial, log } = this.options;
    this.counters.connects += 1;
    this.up = true;
    const after = this.failures > 0 ? ` after ${this.failures} failure${this.failures === 1 ? '' : 's'}` : '';
    log.info(`${this.counters.connects === 1 ? 'connected' : 'reconnected'}${after}`);
    this.previousError = undefined;
    this.changeLink({ state: 'connected', failures: 0 });
    // A connection that lasts ends the run of failures; one dropped at once (a broker that accepts
    // and then closes) keeps the backoff growing rather than reconnecting at the shortest wait forever.
    this.stableTimer = setTimeout(() => {
      this.failures = 0;
      this.setNextWait(reconnectDelay(1, false, this.backoff, this.options.random));
    }, STABLE_MS);
    this.stableTimer.unref();
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
