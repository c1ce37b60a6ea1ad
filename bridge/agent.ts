/**
 * The bridge agent that runs aboard (docs/bridge-agent.md): reads the vessel's data from a Signal K
 * server, NMEA 2000 and NMEA 0183, and speaks the bridge protocol (docs/protocol.md) to the cloud
 * over the same connection code as the simulator. Deltas wait in the on-disk queue while the
 * uplink is down; PUTs go to the source that reported the path (only a Signal K server can be
 * written); the status carries the agent's version for over-the-air rollouts.
 */
import type { AdminResponse, BridgeStatus, PutResponse, SignalKDelta } from '../contracts/bridge';
import { paced } from './client/paced';
import { parseAdminRequest, parsePutRequest, readOrRefuse } from './client/requests';
import { BridgeConnection, type ConnectionStats } from './client/connection';
import { BridgeLog, type LogLevel, type Logger, isLogLevel } from './client/logger';
import { createRandom, hashSeed } from './client/random';
import { type LimitsConfig, PathLimits, type Reading, defaultLimits } from './limits';
import { DiskQueue } from './queue';
import { type AgentStatus, writeStatus } from './status';
import { type LineDecoder, n2kDecoder, nmea0183Decoder } from './sources/decoders';
import { type LineAddress, type LineSource, openLines, readLog } from './sources/lines';
import { type N2kDeviceAddress, openN2kDevice } from './sources/n2k-devices';
import { type PutOutcome, type SignalKAddress, SignalKSource } from './sources/signalk';
import { type SignalKApp, SignalKAppSource } from './sources/signalk-app';

export type SourceKind = 'signalk' | 'n2k' | 'nmea0183';

export interface AgentOptions {
  mqttUrl: string;
  serial: string;
  secret: string;
  version: string;
  signalk?: { address: SignalKAddress; token?: string };
  /**
   * The Signal K server this agent runs inside as a plugin (plugin.ts): read and written through
   * the plugin API, its whole model sent on every connect of the uplink.
   */
  signalkApp?: SignalKApp;
  n2k?: Array<LineAddress | N2kDeviceAddress>;
  nmea0183?: LineAddress[];
  queue: { directory: string; maxBytes: number; maxAgeMs: number };
  logger: Logger;
  logLevel?: LogLevel;
  /**
   * Values read within this many milliseconds go out as one delta (one MQTT message and one
   * acknowledgement instead of one per instrument sentence). 0 sends each at once. Default 0.
   */
  batchMs?: number;
  /** Per-path rate limits and deadbands (limits.ts). Default: the defaults per Signal K group. */
  limits?: LimitsConfig;
  /** The clock the limits are kept by (tests drive it). Default Date.now. */
  now?: () => number;
  /** The first wait after a failed connection; it doubles with each failure in a row, jittered. Default 1000. */
  reconnectMs?: number;
  /** The longest wait between attempts. Default 60 000. */
  reconnectMaxMs?: number;
  /** The first wait after the broker refused the credentials. Default 40 000 (30 to 40 s with the jitter). */
  refusedReconnectMs?: number;
  keepaliveSeconds?: number;
  /** Called with what the status file says, each time it is written (the Signal K plugin shows it in the server's admin UI). */
  onStatus?(status: AgentStatus): void;
}

/** A Signal K server as the agent uses one: over the network (signalk.ts) or from inside it (signalk-app.ts). */
interface SignalKSide {
  open(): void;
  close(): void;
  put(path: string, value: unknown): Promise<PutOutcome>;
  /** Sends the server's whole model, when the uplink connects (the plugin's source). */
  sendModel?(): void;
}

/** A batch is sent early past this size, well under the protocol's 256 KiB per message. */
const BATCH_MAX_BYTES = 64 * 1024;

/** Status is retained: refreshed now and then so that `uptime` stays meaningful. */
const STATUS_EVERY_MS = 60_000;

/** The status file (status.ts) follows the queue and deliveries this often; link changes at once. */
const STATUS_FILE_EVERY_MS = 1000;

export class Agent {
  readonly connection: BridgeConnection;
  readonly queue: DiskQueue;
  private readonly log: BridgeLog;
  private readonly signalk: SignalKSide | undefined;
  private readonly lines: LineSource[] = [];
  /** path → the source kind that last reported it, and its latest value (the snapshot). */
  private readonly latest = new Map<string, { kind: SourceKind; source: string; timestamp: string; value: unknown }>();
  private readonly startedAt = Date.now();
  private statusTimer: NodeJS.Timeout | undefined;
  private statusFileTimer: NodeJS.Timeout | undefined;
  /** What the status file last said about the queue and deliveries. */
  private statusWritten = '';
  private stopped = false;
  private wakeReplays: Array<() => void> = [];
  private batch: SignalKDelta['updates'] = [];
  private batchBytes = 0;
  private batchTimer: NodeJS.Timeout | undefined;
  private readonly limits: PathLimits;
  private readonly now: () => number;
  private limitsTimer: { at: number; timer: NodeJS.Timeout } | undefined;

  constructor(private readonly options: AgentOptions) {
    this.log = new BridgeLog(options.logger, options.serial, options.logLevel ?? 'info');
    this.queue = new DiskQueue(options.queue);
    this.limits = new PathLimits(options.limits ?? defaultLimits());
    this.now = options.now ?? Date.now;
    if (this.queue.length > 0) this.log.info(`${this.queue.length} deltas waiting in the queue from before`);
    this.connection = new BridgeConnection({
      mqttUrl: options.mqttUrl,
      serial: options.serial,
      secret: options.secret,
      bufferLimit: 1,
      store: this.queue,
      reconnectMs: options.reconnectMs ?? 1000,
      reconnectMaxMs: options.reconnectMaxMs,
      refusedReconnectMs: options.refusedReconnectMs,
      keepaliveSeconds: options.keepaliveSeconds ?? 60,
      random: createRandom(hashSeed(options.serial, 'agent')),
      log: this.log,
      onConnect: () => this.onConnect(),
      onRequest: (leaf, payload) => void (leaf === 'put' ? this.put(payload) : this.admin(payload)),
      onLinkChange: () => this.writeStatusFile(),
    });
    const onDelta = (delta: SignalKDelta) => this.telemetry('signalk', delta);
    if (options.signalkApp) this.signalk = new SignalKAppSource({ app: options.signalkApp, log: this.log, onDelta });
    else if (options.signalk) this.signalk = new SignalKSource({ ...options.signalk, log: this.log, onDelta });
  }

  get stats(): ConnectionStats {
    return this.connection.stats;
  }

  get connected(): boolean {
    return this.connection.isConnected;
  }

  start(): this {
    this.connection.start();
    this.signalk?.open();
    for (const address of this.options.n2k ?? []) this.openSource('n2k', address, n2kDecoder());
    for (const address of this.options.nmea0183 ?? []) this.openSource('nmea0183', address, nmea0183Decoder());
    this.statusTimer = setInterval(() => this.publishStatus(), STATUS_EVERY_MS);
    this.writeStatusFile();
    this.statusFileTimer = setInterval(() => this.writeStatusFile(false), STATUS_FILE_EVERY_MS);
    return this;
  }

  waitForConnect(timeoutMs = 10_000): Promise<void> {
    return this.connection.waitForConnect(timeoutMs);
  }

  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    clearInterval(this.statusTimer);
    clearInterval(this.statusFileTimer);
    clearTimeout(this.limitsTimer?.timer);
    for (const wake of this.wakeReplays) wake();
    this.signalk?.close();
    for (const source of this.lines) source.close();
    // What was read last, held back or batched, is queued (or sent) rather than lost with the process.
    this.send(updatesOf(this.limits.due(Infinity)));
    this.sendBatch();
    await this.connection.stop();
  }

  private openSource(kind: SourceKind, address: LineAddress | N2kDeviceAddress, decode: LineDecoder): void {
    if (address.kind === 'socketcan' || address.kind === 'actisense') {
      try {
        const source = openN2kDevice(address, (line) => this.lineFrom(kind, decode, line), this.log);
        this.lines.push(source);
        this.log.info(`reading ${kind} from ${source.describe}`);
      } catch (error) {
        this.log.error(`${kind}: ${(error as Error).message}`);
      }
      return;
    }
    if (address.kind !== 'file') {
      const source = openLines(address, (line) => this.lineFrom(kind, decode, line), this.log);
      this.lines.push(source);
      this.log.info(`reading ${kind} from ${source.describe}`);
      return;
    }
    this.log.info(`playing ${kind} recording ${address.path}`);
    const sleep = (ms: number) =>
      new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, ms);
        this.wakeReplays.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    void (async () => {
      for await (const delta of paced(readLog(address.path, decode), 1, sleep, () => this.stopped)) this.telemetry(kind, delta);
      if (!this.stopped) this.log.info(`recording ${address.path} played to its end`);
    })().catch((error: Error) => this.log.error(`${address.path}: ${error.message}`));
  }

  private lineFrom(kind: SourceKind, decode: LineDecoder, line: string): void {
    const delta = decode(line);
    if (delta) this.telemetry(kind, delta);
  }

  private telemetry(kind: SourceKind, delta: SignalKDelta): void {
    if (this.stopped || delta.updates.length === 0) return;
    const nowMs = this.now();
    const updates: SignalKDelta['updates'] = [];
    for (const update of delta.updates) {
      const source = update.$source ?? (update.source ? JSON.stringify(update.source) : kind);
      const timestamp = update.timestamp ?? new Date(nowMs).toISOString();
      for (const { path, value } of update.values) this.latest.set(path, { kind, source, timestamp, value });
      const values = update.values.filter(({ path, value }) => this.limits.offer({ path, value, source, timestamp }, nowMs));
      // A path's units and description (`meta`, from a Signal K server's model) are not readings: no limit holds them back.
      if (values.length > 0 || update.meta?.length) updates.push({ ...update, values });
    }
    this.armLimits();
    this.send(updates);
  }

  /** Sends the held readings that are due and waits for the next ones. */
  private releaseHeld(): void {
    this.limitsTimer = undefined;
    if (this.stopped) return;
    this.send(updatesOf(this.limits.due(this.now())));
    this.armLimits();
  }

  private armLimits(): void {
    const at = this.limits.nextDue();
    if (at === undefined || (this.limitsTimer && this.limitsTimer.at <= at)) return;
    clearTimeout(this.limitsTimer?.timer);
    this.limitsTimer = { at, timer: setTimeout(() => this.releaseHeld(), Math.max(0, at - this.now())) };
  }

  private send(updates: SignalKDelta['updates']): void {
    if (updates.length === 0) return;
    const batchMs = this.options.batchMs ?? 0;
    if (batchMs <= 0) return this.connection.publishDelta(JSON.stringify({ context: 'vessels.self', updates }));
    this.batch.push(...updates);
    this.batchBytes += JSON.stringify(updates).length;
    if (this.batchBytes >= BATCH_MAX_BYTES) this.sendBatch();
    else this.batchTimer ??= setTimeout(() => this.sendBatch(), batchMs);
  }

  private sendBatch(): void {
    clearTimeout(this.batchTimer);
    this.batchTimer = undefined;
    if (this.batch.length === 0) return;
    const updates = this.batch;
    this.batch = [];
    this.batchBytes = 0;
    this.connection.publishDelta(JSON.stringify({ context: 'vessels.self', updates }));
  }

  /** Writes `status.json` (status.ts); `always` false: only when the queue or the deliveries changed. */
  private writeStatusFile(always = true): void {
    const { deltasSent, lastDelivery } = this.connection.stats;
    const queue = { deltas: this.queue.length, bytes: this.queue.sizeBytes, dropped: this.queue.dropped };
    const key = JSON.stringify([queue, deltasSent]);
    if (!always && key === this.statusWritten) return;
    this.statusWritten = key;
    const status: AgentStatus = {
      pid: process.pid,
      serial: this.options.serial,
      version: this.options.version,
      broker: brokerOf(this.options.mqttUrl),
      updatedAt: new Date().toISOString(),
      link: this.connection.link,
      queue,
      deltasSent,
      lastDelivery,
    };
    try {
      writeStatus(this.options.queue.directory, status);
    } catch (error) {
      this.log.debug(`status file not written: ${(error as Error).message}`);
    }
    this.options.onStatus?.(status);
  }

  private onConnect(): void {
    this.publishStatus();
    // Queued deltas are older than the snapshot: they go first so that history stays in order. The
    // snapshot itself answers the server's request, which every connect brings (docs/protocol.md).
    this.connection.flushBuffer();
    // Inside a Signal K server: its whole model after the queue, so that values it holds but does not stream arrive after every outage.
    this.signalk?.sendModel?.();
  }

  private publishStatus(): void {
    const status: BridgeStatus = { online: true, version: this.options.version, uptime: Math.round((Date.now() - this.startedAt) / 1000) };
    this.connection.publish('status', JSON.stringify(status), true);
  }

  /** The latest value of every path, with the time and source it was measured with. */
  private publishSnapshot(): void {
    if (this.latest.size === 0) return;
    const readings = [...this.latest].map(([path, { source, timestamp, value }]) => ({ path, source, timestamp, value }));
    this.connection.publishDelta(JSON.stringify({ context: 'vessels.self', updates: updatesOf(readings) }));
  }

  private answerPut(response: PutResponse): void {
    this.connection.publish('put/response', JSON.stringify(response));
  }

  private async put(payload: Buffer): Promise<void> {
    const request = readOrRefuse(parsePutRequest(payload), 'PUT', this.log, (requestId, message) =>
      this.answerPut({ requestId, state: 'FAILED', statusCode: 400, message }),
    );
    if (!request) return;
    const { requestId, put } = request;
    const owner = this.latest.get(put.path)?.kind;
    if (owner && owner !== 'signalk') {
      const bus = owner === 'n2k' ? 'NMEA 2000' : 'NMEA 0183';
      return this.answerPut({ requestId, state: 'FAILED', statusCode: 405, message: `${put.path} comes from ${bus}, which this agent only reads` });
    }
    if (!this.signalk) return this.answerPut({ requestId, state: 'FAILED', statusCode: 405, message: `No source on board can write ${put.path}` });
    this.answerPut({ requestId, state: 'PENDING', statusCode: 202 });
    const outcome = await this.signalk.put(put.path, put.value);
    this.log.info(`PUT ${put.path} → ${outcome.statusCode}${outcome.message ? ` ${outcome.message}` : ''}`);
    this.answerPut(
      outcome.statusCode === 200
        ? { requestId, state: 'COMPLETED', statusCode: 200 }
        : { requestId, state: 'FAILED', statusCode: outcome.statusCode, message: outcome.message },
    );
  }

  private respond(response: AdminResponse): void {
    this.connection.publish('admin/response', JSON.stringify(response));
  }

  private admin(payload: Buffer): void {
    const request = readOrRefuse(parseAdminRequest(payload), 'admin request', this.log, (requestId, message) =>
      this.respond({ requestId, state: 'FAILED', message }),
    );
    if (!request) return;
    const { requestId, action, level, version } = request;
    const done = (response: Omit<AdminResponse, 'requestId'>) => requestId && this.respond({ requestId, ...response });
    switch (action) {
      case 'snapshot':
        this.publishStatus();
        this.publishSnapshot();
        return void done({ state: 'COMPLETED' });
      case 'setLogLevel':
        if (!isLogLevel(level)) return void done({ state: 'FAILED', message: 'level must be error, warn, info or debug' });
        this.log.level = level;
        return void done({ state: 'COMPLETED' });
      case 'reboot':
        // The agent restarts its uplink; the computer it runs on is not the agent's to reboot.
        done({ state: 'COMPLETED', message: 'Uplink restarted' });
        return void this.connection.restart(1000).catch((error: Error) => this.log.error(`restart failed: ${error.message}`));
      case 'softwareUpdate':
        return void done({
          state: 'FAILED',
          message: `This agent (${this.options.version}) is updated on board with its package manager; ${version ?? 'the new version'} was not installed`,
        });
    }
  }
}

/** The broker's host and port, without the credentials a URL may carry. */
function brokerOf(url: string): string {
  try {
    const { protocol, host } = new URL(url);
    return `${protocol}//${host}`;
  } catch {
    return url;
  }
}

/** Readings as updates: one per source and timestamp. */
function updatesOf(readings: Reading[]): SignalKDelta['updates'] {
  const updates = new Map<string, SignalKDelta['updates'][number]>();
  for (const { path, value, source, timestamp } of readings) {
    const key = `${source}\u0000${timestamp}`;
    const update = updates.get(key) ?? { $source: source, timestamp, values: [] };
    updates.set(key, update);
    update.values.push({ path, value });
  }
  return [...updates.values()];
}
