/**
 * The load generator of bench/ingest.ts: MQTT clients that each keep a fixed number of QoS 1
 * deltas in flight, publishing the next as soon as one is acknowledged, and note how long each
 * acknowledgement took.
 */
import mqtt, { type MqttClient } from 'mqtt';
import { recordingDelta } from './recording.js';

export interface LoadClient {
  clientId: string;
  password?: string;
  topic: string;
}

export interface LoadOptions {
  durationMs: number;
  /**
   * Load sent before the measured `durationMs` and left out of its figures, so that they show the
   * steady rate rather than the broker's start (its JIT, and a bridge's first messages describing
   * paths it has not seen). Default 0.
   */
  warmupMs?: number;
  /** Called once when the measured seconds begin (after the warm-up). */
  onMeasure?: () => void;
  /** QoS 1 messages each client keeps in flight. */
  inflight: number;
  valuesPerMessage: number;
  /**
   * `uniform`: every delta carries `valuesPerMessage` values of the same paths from one source.
   * `real`: what one bridge replaying an NMEA 2000 recording sends — each delta 1–3 values of
   * one of 30 sources, over 200 paths in all (`valuesPerMessage` is ignored).
   * `windowed`: the `real` shape's deltas, sent `inflight` at a time (`windowed` below).
   * `recording`: an NMEA 2000 recording through canboatjs and n2k-signalk (`source` objects, the
   * recording's timestamps, years in the past: a backlog flushed after an outage), `inflight` at a
   * time (bench/recording.ts).
   */
  shape?: LoadShape;
  /**
   * Each client sends `inflight` messages, then waits for all their PUBACKs before the next
   * `inflight`, as a bridge flushing its queue a window at a time does (rather than sending the
   * next message as soon as any one is acknowledged). Default: true for `windowed` and `recording`.
   */
  windowed?: boolean;
  /** Messages a client sends per second at most (0 = as fast as acknowledged). */
  ratePerClient?: number;
}

export interface LoadResult {
  clients: number;
  connectMs: number;
  /** Deltas acknowledged and values carried in the measured seconds. */
  messages: number;
  values: number;
  seconds: number;
  /** Every value acknowledged, the warm-up's included: what the broker must have stored. */
  acknowledgedValues: number;
  /** Publish to PUBACK, one entry per message. */
  lagsMs: Float64Array;
  failures: number;
}

export function percentile(sorted: Float64Array, p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

export type LoadShape = 'uniform' | 'real' | 'windowed' | 'recording';
export const LOAD_SHAPES: readonly LoadShape[] = ['uniform', 'real', 'windowed', 'recording'];

/** Message n of a shape. */
function deltaOf(shape: LoadShape | undefined, valuesPerMessage: number, n: number): { payload: string; values: number } {
  if (shape === 'real' || shape === 'windowed') return realDelta(n);
  if (shape === 'recording') return recordingDelta(n);
  return uniformDelta(valuesPerMessage, n);
}

const uniformDelta = (valuesPerMessage: number, n: number): { payload: string; values: number } => ({
  payload: JSON.stringify({
    context: 'vessels.self',
    updates: [
      {
        $source: 'bench.1',
        timestamp: new Date().toISOString(),
        values: Array.from({ length: valuesPerMessage }, (_, i) => ({ path: `electrical.batteries.b${i}.voltage`, value: 12 + ((n + i) % 100) / 100 })),
      },
    ],
  }),
  values: valuesPerMessage,
});

const REAL_SOURCES = 30;
const REAL_PATHS = 200;
/** Path i belongs to source i mod 30, as a PGN's fields belong to the device that sends it. */
const REAL_PATH_NAMES = Array.from({ length: REAL_PATHS }, (_, i) => `propulsion.p${i % REAL_SOURCES}.sensor${Math.floor(i / REAL_SOURCES)}.value`);

/** Message n of the `real` shape: a source (in turn) and 1–3 of its paths, varying from message to message. */
export function realDelta(n: number, at = new Date()): { payload: string; values: number } {
  const source = n % REAL_SOURCES;
  const ownPaths = Math.ceil((REAL_PATHS - source) / REAL_SOURCES);
  const count = 1 + ((Math.imul(n, 2654435761) >>> 29) % 3);
  const first = Math.floor(n / REAL_SOURCES) % ownPaths;
  const values = Array.from({ length: count }, (_, i) => ({
    path: REAL_PATH_NAMES[source + REAL_SOURCES * ((first + i) % ownPaths)],
    value: Math.round((n % 1000) * 1.7 + i) / 100,
  }));
  return {
    payload: JSON.stringify({ updates: [{ $source: `n2k.${source}`, timestamp: at.toISOString(), values }] }),
    values: count,
  };
}

async function connectAll(url: string, clients: LoadClient[]): Promise<{ connections: MqttClient[]; connectMs: number }> {
  const started = performance.now();
  const connections = await Promise.all(
    clients.map((c) =>
      mqtt.connectAsync(url, {
        clientId: c.clientId,
        username: c.password ? c.clientId : undefined,
        password: c.password,
        protocolVersion: 4,
        reconnectPeriod: 0,
        keepalive: 60,
        connectTimeout: 60_000,
      }),
    ),
  );
  return { connections, connectMs: performance.now() - started };
}

export async function runLoad(url: string, clients: LoadClient[], options: LoadOptions): Promise<LoadResult> {
  const { connections, connectMs } = await connectAll(url, clients);
  let lags = new Float64Array(1 << 16);
  let messages = 0;
  let values = 0;
  let failures = 0;
  const record = (ms: number) => {
    if (messages === lags.length) {
      const bigger = new Float64Array(lags.length * 2);
      bigger.set(lags);
      lags = bigger;
    }
    lags[messages++] = ms;
  };

  const started = performance.now();
  const measuredFrom = started + (options.warmupMs ?? 0);
  const deadline = measuredFrom + options.durationMs;
  let measuring = false;
  const measureIfDue = (now: number) => {
    if (measuring || now < measuredFrom) return;
    measuring = true;
    options.onMeasure?.();
  };
  let acknowledgedValues = 0;
  const minGapMs = options.ratePerClient ? 1000 / options.ratePerClient : 0;
  // One message counter per connection, shared by its lanes: each delta differs from the last.
  const counters = connections.map(() => 0);
  const windowed = options.windowed ?? (options.shape === 'windowed' || options.shape === 'recording');
  /** One message of a connection, published and its PUBACK awaited, counted once acknowledged. */
  const publishOne = async (index: number, connection: MqttClient): Promise<void> => {
    const delta = deltaOf(options.shape, options.valuesPerMessage, counters[index]++);
    const sent = performance.now();
    measureIfDue(sent);
    try {
      await connection.publishAsync(clients[index].topic, delta.payload, { qos: 1 });
      acknowledgedValues += delta.values;
      if (sent < measuredFrom) return;
      record(performance.now() - sent);
      values += delta.values;
    } catch {
      failures++;
    }
  };
  // A window of `inflight` messages, all of them acknowledged before the next window goes.
  const windows = (): Array<Promise<void>> =>
    connections.map(async (connection, index) => {
      let next = started;
      while (performance.now() < deadline && connection.connected) {
        if (minGapMs) {
          const wait = next - performance.now();
          if (wait > 0) await new Promise((r) => setTimeout(r, wait));
          next += minGapMs * options.inflight;
        }
        await Promise.all(Array.from({ length: options.inflight }, () => publishOne(index, connection)));
      }
    });
  // Otherwise each connection keeps `inflight` lanes busy: a lane's next message goes as soon as its last is acknowledged.
  const lanes = (): Array<Promise<void>> =>
    connections.flatMap((connection, index) =>
      Array.from({ length: options.inflight }, async (_, lane) => {
        let next = started + (minGapMs * lane) / options.inflight;
        while (performance.now() < deadline && connection.connected) {
          if (minGapMs) {
            const wait = next - performance.now();
            if (wait > 0) await new Promise((r) => setTimeout(r, wait));
            next += minGapMs * options.inflight;
          }
          await publishOne(index, connection);
        }
      }),
    );
  await Promise.all(windowed ? windows() : lanes());
  const seconds = (performance.now() - measuredFrom) / 1000;
  await Promise.all(connections.map((c) => c.endAsync(true)));
  const sorted = lags.slice(0, messages).sort();
  return { clients: clients.length, connectMs, messages, values, seconds, acknowledgedValues, lagsMs: sorted, failures };
}
