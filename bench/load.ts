/**
 * The load generator of bench/ingest.ts: MQTT clients that each keep a fixed number of QoS 1
 * deltas in flight, publishing the next as soon as one is acknowledged, and note how long each
 * acknowledgement took.
 */
import mqtt, { type MqttClient } from 'mqtt';

export interface LoadClient {
  clientId: string;
  password?: string;
  topic: string;
}

export interface LoadOptions {
  durationMs: number;
  /** QoS 1 messages each client keeps in flight. */
  inflight: number;
  valuesPerMessage: number;
  /** Messages a client sends per second at most (0 = as fast as acknowledged). */
  ratePerClient?: number;
}

export interface LoadResult {
  clients: number;
  connectMs: number;
  messages: number;
  values: number;
  seconds: number;
  /** Publish to PUBACK, one entry per message. */
  lagsMs: Float64Array;
  failures: number;
}

export function percentile(sorted: Float64Array, p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

const deltaOf = (valuesPerMessage: number, n: number): string =>
  JSON.stringify({
    context: 'vessels.self',
    updates: [
      {
        $source: 'bench.1',
        timestamp: new Date().toISOString(),
        values: Array.from({ length: valuesPerMessage }, (_, i) => ({ path: `electrical.batteries.b${i}.voltage`, value: 12 + ((n + i) % 100) / 100 })),
      },
    ],
  });

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
  const deadline = started + options.durationMs;
  const minGapMs = options.ratePerClient ? 1000 / options.ratePerClient : 0;
  const lanes = connections.flatMap((connection, index) =>
    Array.from({ length: options.inflight }, async (_, lane) => {
      let n = lane;
      let next = started + (minGapMs * lane) / options.inflight;
      while (performance.now() < deadline && connection.connected) {
        if (minGapMs) {
          const wait = next - performance.now();
          if (wait > 0) await new Promise((r) => setTimeout(r, wait));
          next += minGapMs * options.inflight;
        }
        const sent = performance.now();
        try {
          await connection.publishAsync(clients[index].topic, deltaOf(options.valuesPerMessage, n++), { qos: 1 });
          record(performance.now() - sent);
        } catch {
          failures++;
        }
      }
    }),
  );
  await Promise.all(lanes);
  const seconds = (performance.now() - started) / 1000;
  await Promise.all(connections.map((c) => c.endAsync(true)));
  const sorted = lags.slice(0, messages).sort();
  return { clients: clients.length, connectMs, messages, values: messages * options.valuesPerMessage, seconds, lagsMs: sorted, failures };
}
