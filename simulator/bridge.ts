/**
 * A simulated bridge: one vessel's equipment behind one MQTT connection, speaking docs/protocol.md.
 * Each tick it advances the vessel and publishes what is due as a delta (or buffers it while the
 * link is down); it answers PUTs and admin actions, and runs alarm scenarios on request.
 */
import type { MqttClient } from 'mqtt';
import type { AdminResponse, BridgeStatus, PutResponse, ReportedController, SignalKDelta } from '../contracts/bridge';
import { AdminActions, type AdminTarget } from './admin';
import { parseAdminRequest, parsePutRequest, readOrRefuse } from '../bridge/client/requests';
import { BridgeConnection, type ConnectionStats } from '../bridge/client/connection';
import { toDelta } from './delta';
import { BridgeLog, type LogLevel, type Logger, isLogLevel, silentLogger } from '../bridge/client/logger';
import { DEFAULT_PROFILE, type VesselProfile, profileNamed } from './profiles';
import { createRandom, hashSeed } from '../bridge/client/random';
import { type ScenarioName, ScenarioRun, isScenarioName } from './scenarios';
import { Ticker } from './ticker';
import { Vessel } from './vessel';

export const DEFAULT_MQTT_URL = 'mqtt://127.0.0.1:1883';
export const DEFAULT_VERSION = '1.4.2';

/** What controls a simulated boat's devices on board besides the cloud: a chartplotter at the helm and a phone (docs/protocol.md, `status`). */
const CONTROLLERS_ON_BOARD: ReportedController[] = [
  { id: 'n2k.0', type: 'MFD', name: 'Helm chartplotter' },
  { id: 'app.owner-phone', type: 'Client', name: 'Owner’s phone' },
];

export interface BridgeOptions {
  mqttUrl: string;
  serial: string;
  secret: string;
  /** A profile name (`motor-yacht`, `sailing-yacht`) or a profile of your own. */
  profile?: string | VesselProfile;
  /** Same seed and serial, same vessel and same values tick after tick. Default 1. */
  seed?: number;
  /** Default 1000. Vessel time runs at wall-clock speed: a tick advances it by tickMs. */
  tickMs?: number;
  logger?: Logger;
  logLevel?: LogLevel;
  /** Software version reported in the status. Default 1.4.2. */
  version?: string;
  /** Deltas kept while disconnected. Default 1000. */
  bufferLimit?: number;
  /** Base delay between reconnect attempts, jittered per bridge. Default 2000. */
  reconnectMs?: number;
  /** How long a reboot keeps the bridge offline. Default 3000. */
  rebootDelayMs?: number;
  /** Software versions whose update fails (FAILED during the download): rollouts' failure handling. */
  failUpdates?: string[];
  /** Default 60. */
  keepaliveSeconds?: number;
  /** A ticker shared with other bridges (a fleet); by default the bridge gets its own. */
  ticker?: Ticker;
  /** Sees every telemetry delta the bridge produces, sent or buffered: the recorder's tap. */
  onDelta?: (delta: SignalKDelta) => void;
}

export interface BridgeStats extends ConnectionStats {
  ticks: number;
  putsAnswered: number;
}

export interface BridgeHandle {
  readonly serial: string;
  readonly client: MqttClient;
  readonly connected: boolean;
  readonly version: string;
  readonly stats: BridgeStats;
  readonly vessel: Vessel;
  waitForConnect(timeoutMs?: number): Promise<void>;
  /** Starts an alarm scenario; resolves once its values are back to normal. */
  injectScenario(name: ScenarioName): Promise<void>;
  stop(): Promise<void>;
}

/** How long a device on board takes to act on a PUT and report its new state. */
const ACTUATION_MS = 150;

/** Status is retained, so it is refreshed now and then to keep `uptime` meaningful. */
const STATUS_EVERY_TICKS = 60;

function assertOptions(options: BridgeOptions): void {
  const positiveInteger = (name: keyof BridgeOptions) => {
    const value = options[name];
    if (value !== undefined && (!Number.isInteger(value) || (value as number) <= 0))
      throw new TypeError(`${name} must be a positive integer, got ${String(value)}`);
  };
  if (typeof options.mqttUrl !== 'string' || !/^(mqtts?|wss?|tcp):\/\//.test(options.mqttUrl))
    throw new TypeError(`mqttUrl must be an mqtt://, mqtts:// or ws(s):// URL, got ${options.mqttUrl}`);
  if (typeof options.serial !== 'string' || !/^[^/+#\s]{1,128}$/.test(options.serial))
    throw new TypeError(`serial must be 1-128 characters without / + # or spaces, got ${options.serial}`);
  if (typeof options.secret !== 'string' || options.secret.length === 0) throw new TypeError('secret is required');
  if (options.seed !== undefined && !Number.isInteger(options.seed)) throw new TypeError(`seed must be an integer, got ${options.seed}`);
  if (options.logLevel !== undefined && !isLogLevel(options.logLevel))
    throw new TypeError(`logLevel must be error, warn, info or debug, got ${options.logLevel}`);
  for (const name of ['tickMs', 'bufferLimit', 'reconnectMs', 'rebootDelayMs', 'keepaliveSeconds'] as const) positiveInteger(name);
}

export class Bridge implements BridgeHandle, AdminTarget {
  readonly serial: string;
  readonly vessel: Vessel;
  private readonly connection: BridgeConnection;
  private readonly log: BridgeLog;
  private readonly ticker: Ticker;
  private readonly ownsTicker: boolean;
  private readonly tickMs: number;
  private readonly rebootDelayMs: number;
  readonly failingVersions: ReadonlySet<string>;
  private readonly onDelta?: (delta: SignalKDelta) => void;
  private readonly admin: AdminActions;
  private readonly scenarios = new Map<ScenarioName, ScenarioRun>();
  /** PUTs applied and answered PENDING, waiting for the device to act before COMPLETED. */
  private readonly confirmations = new Set<NodeJS.Timeout>();
  private currentVersion: string;
  private bootedAt = Date.now();
  private rebooting = false;
  private afterBoot: (() => void) | undefined;
  private ticks = 0;
  private putsAnswered = 0;
  private stopped = false;

  constructor(options: BridgeOptions) {
    assertOptions(options);
    this.serial = options.serial;
    const seed = options.seed ?? 1;
    const profile = typeof options.profile === 'object' ? options.profile : profileNamed(options.profile ?? DEFAULT_PROFILE);
    this.vessel = new Vessel(profile, createRandom(hashSeed(seed, options.serial)));
    this.tickMs = options.tickMs ?? options.ticker?.tickMs ?? 1000;
    if (options.ticker && options.ticker.tickMs !== this.tickMs) throw new TypeError('tickMs must match the shared ticker');
    this.ticker = options.ticker ?? new Ticker(this.tickMs);
    this.ownsTicker = !options.ticker;
    this.rebootDelayMs = options.rebootDelayMs ?? 3000;
    this.failingVersions = new Set(options.failUpdates ?? []);
    this.currentVersion = options.version ?? DEFAULT_VERSION;
    this.onDelta = options.onDelta;
    this.log = new BridgeLog(options.logger ?? silentLogger, options.serial, options.logLevel ?? 'info');
    this.admin = new AdminActions(this);
    this.connection = new BridgeConnection({
      mqttUrl: options.mqttUrl,
      serial: options.serial,
      secret: options.secret,
      bufferLimit: options.bufferLimit ?? 1000,
      reconnectMs: options.reconnectMs ?? 2000,
      keepaliveSeconds: options.keepaliveSeconds ?? 60,
      // Its own stream, so that connection timing never changes the vessel's values.
      random: createRandom(hashSeed(seed, options.serial, 'link')),
      log: this.log,
      onConnect: () => this.onConnect(),
      onRequest: (leaf, payload) => (leaf === 'put' ? this.put(payload) : this.adminRequest(payload)),
    });
  }

  get client(): MqttClient {
    return this.connection.client;
  }

  get connected(): boolean {
    return this.connection.isConnected;
  }

  get version(): string {
    return this.currentVersion;
  }

  get stats(): BridgeStats {
    return { ...this.connection.stats, ticks: this.ticks, putsAnswered: this.putsAnswered };
  }

  /** Connects and joins the ticker; a fleet calls it to stagger its bridges. */
  start(): this {
    this.connection.start();
    this.ticker.add(this);
    return this;
  }

  waitForConnect(timeoutMs = 10_000): Promise<void> {
    return this.connection.waitForConnect(timeoutMs);
  }

  injectScenario(name: ScenarioName): Promise<void> {
    if (!isScenarioName(name)) throw new TypeError(`Unknown scenario "${name}"`);
    const running = this.scenarios.get(name);
    if (running) return running.finished;
    const run = new ScenarioRun(name, this.vessel, this.tickMs / 1000);
    this.scenarios.set(name, run);
    this.log.info(`scenario ${name} started`);
    return run.finished;
  }

  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    this.ticker.remove(this);
    if (this.ownsTicker) this.ticker.stop();
    this.admin.cancel();
    this.dropConfirmations();
    for (const run of this.scenarios.values()) run.abandon();
    this.scenarios.clear();
    await this.connection.stop();
  }

  tick(): void {
    // A rebooting bridge is off: it neither measures nor buffers.
    if (this.rebooting || this.stopped) return;
    this.ticks += 1;
    for (const [name, run] of this.scenarios) {
      if (!run.advance()) continue;
      this.scenarios.delete(name);
      this.log.info(`scenario ${name} finished`);
    }
    const reports = this.vessel.advance(this.tickMs / 1000);
    if (reports.length > 0) this.publishTelemetry(toDelta(reports, new Date()));
    this.admin.tick();
    if (this.ticks % STATUS_EVERY_TICKS === 0) this.publishStatus();
  }

  // --- AdminTarget ---

  respond(response: AdminResponse): void {
    this.connection.publish('admin/response', JSON.stringify(response));
  }

  publishSnapshot(): void {
    this.connection.publish('devices', JSON.stringify(this.vessel.inventory()), true);
    this.connection.publishDelta(JSON.stringify(toDelta(this.vessel.snapshot(), new Date())));
  }

  reboot(afterBoot: () => void): void {
    this.log.info(`rebooting for ${this.rebootDelayMs} ms`);
    this.rebooting = true;
    this.afterBoot = afterBoot;
    this.dropConfirmations();
    this.connection.restart(this.rebootDelayMs).catch((error: Error) => this.log.error(`reboot failed: ${error.message}`));
  }

  installVersion(version: string): void {
    this.log.info(`installing ${version}`);
    this.currentVersion = version;
  }

  setLogLevel(level: LogLevel): void {
    this.log.level = level;
  }

  // ---

  private onConnect(): void {
    const afterBoot = this.afterBoot;
    if (this.rebooting) {
      this.rebooting = false;
      this.afterBoot = undefined;
      this.bootedAt = Date.now();
    }
    this.publishStatus();
    // The inventory goes before any value, so that the first values are read against it.
    this.connection.publish('devices', JSON.stringify(this.vessel.inventory()), true);
    // Buffered deltas are older than the snapshot: they go first so history stays in order. The
    // snapshot itself follows the server's request, which every connect brings (docs/protocol.md
    // "Connection"): sent here as well, a fleet's reconnect would store every value twice.
    this.connection.flushBuffer();
    afterBoot?.();
  }

  private publishStatus(): void {
    const status: BridgeStatus = {
      online: true,
      version: this.currentVersion,
      uptime: Math.round((Date.now() - this.bootedAt) / 1000),
      controllers: CONTROLLERS_ON_BOARD,
    };
    this.connection.publish('status', JSON.stringify(status), true);
  }

  private publishTelemetry(delta: SignalKDelta): void {
    this.onDelta?.(delta);
    this.connection.publishDelta(JSON.stringify(delta));
  }

  private answerPut(response: PutResponse): void {
    if (response.state !== 'PENDING') this.putsAnswered += 1;
    this.connection.publish('put/response', JSON.stringify(response));
  }

  private put(payload: Buffer): void {
    const request = readOrRefuse(parsePutRequest(payload), 'PUT', this.log, (requestId, message) =>
      this.answerPut({ requestId, state: 'FAILED', statusCode: 400, message }),
    );
    if (!request) return;
    const outcome = this.vessel.write(request.put.path, request.put.value);
    if (!outcome.ok) {
      this.log.info(`PUT ${request.put.path} refused: ${outcome.message}`);
      this.answerPut({ requestId: request.requestId, state: 'FAILED', statusCode: outcome.statusCode, message: outcome.message });
      return;
    }
    this.answerPut({ requestId: request.requestId, state: 'PENDING', statusCode: 202 });
    // The device acts (a relay closes, a dimmer ramps), reports its new state, then the PUT is done.
    const timer = setTimeout(
      () => {
        this.confirmations.delete(timer);
        this.publishTelemetry(toDelta([{ source: outcome.source ?? 'sim', values: [{ path: request.put.path, value: outcome.value }] }], new Date()));
        this.answerPut({ requestId: request.requestId, state: 'COMPLETED', statusCode: 200 });
      },
      Math.min(ACTUATION_MS, this.tickMs),
    );
    this.confirmations.add(timer);
  }

  /** PUTs not yet confirmed are lost with the bridge's memory; the server times them out. */
  private dropConfirmations(): void {
    for (const timer of this.confirmations) clearTimeout(timer);
    this.confirmations.clear();
  }

  private adminRequest(payload: Buffer): void {
    const request = readOrRefuse(parseAdminRequest(payload), 'admin request', this.log, (requestId, message) =>
      this.respond({ requestId, state: 'FAILED', message }),
    );
    if (!request) return;
    this.log.info(`admin ${request.action}`);
    this.admin.handle(request);
  }
}

/** Starts one simulated bridge; it connects in the background (see `waitForConnect`). */
export function startBridge(options: BridgeOptions): BridgeHandle {
  return new Bridge(options).start();
}
