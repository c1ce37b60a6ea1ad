/**
 * Replays a recorded delta log (newline-delimited Signal K deltas) as one bridge: same connection,
 * same topics, the log's pace divided by `speed`. Timestamps are moved to the time of replay, keeping
 * their spacing, because the server keeps a value only if it is newer than the current one: a log
 * from last week replayed with its own timestamps would land in history and never show as live.
 */
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import type { MqttClient } from 'mqtt';
import type { DeviceInventory, SignalKDelta } from '../contracts/bridge';
import { parseDelta } from '../contracts/bridge-validation';
import { DEFAULT_VERSION } from './bridge';
import { parseAdminRequest, parsePutRequest } from '../bridge/client/requests';
import { BridgeConnection, type ConnectionStats } from '../bridge/client/connection';
import { BridgeLog, type Logger, silentLogger } from '../bridge/client/logger';
import { createRandom, hashSeed } from '../bridge/client/random';
import { n2kDecoder } from '../bridge/sources/decoders';
import { readLog } from '../bridge/sources/lines';
import { paced } from '../bridge/client/paced';

export { paced };

export interface ReplayOptions {
  mqttUrl: string;
  serial: string;
  secret: string;
  /** Path of the log. */
  file: string;
  /** `signalk`: one delta per line (default); `n2k`: a recorded NMEA 2000 log, decoded as the bridge agent does. */
  format?: 'signalk' | 'n2k';
  /** 1 plays at the recorded pace, 10 ten times faster. Default 1. */
  speed?: number;
  /** Published retained on connect, so the cloud knows the devices behind the log's paths. */
  inventory?: DeviceInventory;
  version?: string;
  logger?: Logger;
  /** How long to wait for the broker before giving up. Default 60000. */
  connectTimeoutMs?: number;
}

export interface ReplayHandle {
  readonly client: MqttClient;
  readonly stats: ConnectionStats & { replayed: number };
  /** Resolves with the number of deltas replayed once the whole log is out; rejects on a bad line. */
  readonly finished: Promise<number>;
  stop(): Promise<void>;
}

export class DeltaLogError extends Error {}

/** The log's deltas in order, each checked against the protocol. */
export async function* readDeltaLog(file: string): AsyncGenerator<{ delta: SignalKDelta; line: number }> {
  const input = createReadStream(file, { encoding: 'utf8' });
  const lines = createInterface({ input, crlfDelay: Infinity });
  let line = 0;
  try {
    for await (const text of lines) {
      line += 1;
      if (text.trim() === '') continue;
      const parsed = parseDelta(text);
      if (!parsed.ok) throw new DeltaLogError(`${file} line ${line}: ${parsed.reason}`);
      yield { delta: parsed.value, line };
    }
  } finally {
    lines.close();
    input.destroy();
  }
}

/** Reads the whole log once, so that a bad line fails before anything is sent. */
export async function checkDeltaLog(file: string): Promise<number> {
  let deltas = 0;
  for await (const _entry of readDeltaLog(file)) deltas += 1;
  return deltas;
}

async function* readDeltaEntries(file: string): AsyncGenerator<SignalKDelta> {
  for await (const { delta } of readDeltaLog(file)) yield delta;
}

const REFUSAL = 'This bridge is replaying a recorded log';

export function replayLog(options: ReplayOptions): ReplayHandle {
  const speed = options.speed ?? 1;
  if (!Number.isFinite(speed) || speed <= 0) throw new TypeError(`speed must be a positive number, got ${speed}`);
  const log = new BridgeLog(options.logger ?? silentLogger, options.serial, 'info');
  const status = JSON.stringify({ online: true, version: options.version ?? DEFAULT_VERSION, uptime: 0 });
  const publishInventory = () => {
    if (options.inventory) connection.publish('devices', JSON.stringify(options.inventory), true);
  };
  const connection: BridgeConnection = new BridgeConnection({
    mqttUrl: options.mqttUrl,
    serial: options.serial,
    secret: options.secret,
    bufferLimit: 10_000,
    reconnectMs: 2000,
    keepaliveSeconds: 60,
    random: createRandom(hashSeed(options.serial, 'replay')),
    log,
    onConnect: () => {
      connection.publish('status', status, true);
      publishInventory();
      connection.flushBuffer();
    },
    // Nothing on board answers while a log plays: PUTs are refused, only a snapshot is honoured.
    onRequest: (leaf, payload) => {
      if (leaf === 'put') {
        const parsed = parsePutRequest(payload);
        const requestId = parsed.ok ? parsed.request.requestId : parsed.requestId;
        if (requestId) connection.publish('put/response', JSON.stringify({ requestId, state: 'FAILED', statusCode: 403, message: REFUSAL }));
        return;
      }
      const parsed = parseAdminRequest(payload);
      if (parsed.ok && parsed.request.action === 'snapshot') publishInventory();
      const requestId = parsed.ok ? parsed.request.requestId : parsed.requestId;
      if (!requestId) return;
      const snapshot = parsed.ok && parsed.request.action === 'snapshot';
      connection.publish('admin/response', JSON.stringify(snapshot ? { requestId, state: 'COMPLETED' } : { requestId, state: 'FAILED', message: REFUSAL }));
    },
  });

  let replayed = 0;
  let stopped = false;
  let wake: (() => void) | undefined;
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });

  const deltas = options.format === 'n2k' ? readLog(options.file, n2kDecoder()) : readDeltaEntries(options.file);
  const play = async (): Promise<number> => {
    await connection.waitForConnect(options.connectTimeoutMs ?? 60_000);
    for await (const delta of paced(deltas, speed, sleep, () => stopped)) {
      connection.publishDelta(JSON.stringify(delta));
      replayed += 1;
    }
    log.info(`replayed ${replayed} deltas from ${options.file}`);
    return replayed;
  };

  connection.start();
  const finished = play();
  // The caller may only look at `finished` later; an early rejection must not count as unhandled.
  finished.catch(() => undefined);

  return {
    client: connection.client,
    get stats() {
      return { ...connection.stats, replayed };
    },
    finished,
    async stop() {
      stopped = true;
      wake?.();
      await connection.stop();
    },
  };
}
