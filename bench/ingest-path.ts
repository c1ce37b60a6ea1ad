/**
 * The single-connection ingest without the loopback and without a load generator in another
 * process: one bridge's MQTT bytes are handed to the broker through an in-memory stream, in the
 * same process, 200 QoS 1 deltas of the `real` shape in flight (bench/load.ts `realDelta`), and the
 * process's CPU time a delta is measured — first for a bare Aedes, then for the real server on a
 * fresh SQLite database with the demo data. What it leaves out (the kernel's sends and the other
 * process's scheduling) is what makes `npm run bench -- --shape real` vary by ±10 % from run to
 * run on a shared host, so this is where a change of a few per cent to the server's own path shows
 * (docs/performance.md, "Single-connection ingest", eighth round). Garbage collection is the
 * exception: the client's allocations share the heap, so a collector setting is judged in the real
 * benchmark, not here.
 *
 * `--shape recording` sends bench/recording.ts's deltas (an NMEA 2000 recording, years old) instead;
 * `--windowed yes` sends `inflight` at a time and waits for all their PUBACKs before the next.
 *
 *   npx tsx bench/ingest-path.ts [--messages 200000] [--inflight 200] [--shape real|recording] [--windowed no|yes]
 */
import { Duplex } from 'node:stream';
import { Aedes } from 'aedes';
import mqttPacket from 'mqtt-packet';
import { connectPacket, pairedBridge } from '../tests/mqtt/helpers.js';
import { createTestServer } from '../tests/helpers/server.js';
import { readFlags } from './flags.js';
import { realDelta } from './load.js';
import { recordingDelta } from './recording.js';

const USAGE = 'usage: npx tsx bench/ingest-path.ts [--messages 200000] [--inflight 200] [--shape real|recording] [--windowed no|yes]';
const flags = readFlags(USAGE, { messages: '200000', inflight: '200', shape: 'real', windowed: 'no' });
const shape = flags.text('shape');
const windowed = flags.text('windowed') === 'yes';
if ((shape !== 'real' && shape !== 'recording') || !['yes', 'no'].includes(flags.text('windowed')!)) {
  console.error(USAGE);
  process.exit(2);
}
const total = flags.whole('messages', 1000, 10_000_000);
const inflight = flags.whole('inflight', 1, 65_000);

/** Two ends of an in-memory connection: what one writes (all it has buffered at once), the other reads. */
function connectionPair(): { server: Duplex; client: Duplex } {
  let server: Duplex | null = null;
  let client: Duplex | null = null;
  const end = (peer: () => Duplex | null): Duplex =>
    new Duplex({
      read() {},
      writev(chunks, callback) {
        peer()?.push(Buffer.concat(chunks.map((c) => c.chunk as Buffer)));
        callback();
      },
      final(callback) {
        peer()?.push(null);
        callback();
      },
    });
  server = end(() => client);
  client = end(() => server);
  return { server, client };
}

interface Result {
  seconds: number;
  cpuMicros: number;
}

/** Connects as `serial`, keeps `inflight` deltas unanswered, and answers once `total` are acknowledged. */
function drive(stream: Duplex, serial: string, secret: string): Promise<Result> {
  return new Promise((resolve, reject) => {
    const parser = mqttPacket.parser({ protocolVersion: 4 });
    let sent = 0;
    let acked = 0;
    let started = 0;
    let cpu = process.cpuUsage();
    const at = new Date(Date.now() - 3600_000);
    const publish = (count: number): void => {
      const packets: Buffer[] = [];
      for (let i = 0; i < count && sent < total; i++, sent++) {
        at.setTime(at.getTime() + 1);
        const { payload } = shape === 'recording' ? recordingDelta(sent) : realDelta(sent, at);
        packets.push(
          mqttPacket.generate({ cmd: 'publish', topic: `bridges/${serial}/delta`, payload, qos: 1, messageId: (sent % 65535) + 1, retain: false, dup: false }),
        );
      }
      // One write for what a client sends between two reads, as a socket would coalesce it.
      if (packets.length) stream.write(Buffer.concat(packets));
    };
    parser.on('packet', (packet) => {
      if (packet.cmd === 'connack') {
        if (packet.returnCode !== 0) return reject(new Error(`connection refused: ${packet.returnCode}`));
        started = performance.now();
        cpu = process.cpuUsage();
        return publish(inflight);
      }
      if (packet.cmd !== 'puback') return;
      if (++acked === total) {
        const used = process.cpuUsage(cpu);
        return resolve({ seconds: (performance.now() - started) / 1000, cpuMicros: used.user + used.system });
      }
    });
    parser.on('error', reject);
    stream.on('data', (chunk: Buffer) => {
      const before = acked;
      parser.parse(chunk);
      if (!started) return;
      // Windowed: the next window once every message sent is acknowledged.
      if (!windowed) publish(acked - before);
      else if (acked === sent) publish(inflight);
    });
    stream.write(connectPacket({ serial, secret }));
  });
}

function report(name: string, result: Result, baseline?: Result): void {
  const rate = total / result.seconds;
  const micros = result.cpuMicros / total;
  const ratio = baseline ? `  ${(micros / (baseline.cpuMicros / total)).toFixed(2)}× its CPU` : '';
  console.log(`${name.padEnd(24)} ${Math.round(rate).toString().padStart(8)} msgs/s  ${micros.toFixed(1).padStart(6)} µs CPU a delta${ratio}`);
}

console.log(
  `${total} deltas of the ${shape} shape, ${inflight} in flight${windowed ? ' a window at a time' : ''}, one in-memory connection; node ${process.version}`,
);

const aedes = await Aedes.createBroker();
const bare = connectionPair();
aedes.handle(bare.server);
const bareResult = await drive(bare.client, 'BENCH-BARE', 'secret');
await new Promise<void>((resolve) => aedes.close(() => resolve()));
report('bare Aedes', bareResult);

const t = await createTestServer({ demo: true, listen: true });
try {
  const admin = await t.login('admin@demo.test');
  const bridge = await pairedBridge(t, admin, 'Sea Breeze');
  const connection = connectionPair();
  t.server.plugins.mqtt.api.attach(connection.server);
  const result = await drive(connection.client, bridge.serial, bridge.secret);
  report('Vessel Link (SQLite)', result, bareResult);
  const stored = await t.database.db('value_series').where({ bridge_id: bridge.id }).count({ n: '*' }).first();
  console.log(`  ${String(stored?.n)} series written`);
} finally {
  await t.close();
}
