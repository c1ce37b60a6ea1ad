/**
 * One load process of bench/fleet.ts: a slice of the fleet as the simulator runs it
 * (`startFleet`, each bridge its own MQTT connection, one delta per tick), printing a JSON line
 * twice a second with how many are connected, how many reconnected, and the publish → PUBACK
 * lag of every delta acknowledged since the last line.
 *
 *   tsx bench/fleet-client.ts <mqtt-url> <bridges.json> <tick-ms>
 */
import { readFileSync } from 'node:fs';
import type { Packet } from 'mqtt';
import { startFleet } from '../simulator/fleet.js';

const [mqttUrl, bridgesFile, tickMs] = process.argv.slice(2);
const members = JSON.parse(readFileSync(bridgesFile, 'utf8')) as Array<{ serial: string; secret: string }>;
const fleet = startFleet({ mqttUrl, bridges: members, tickMs: Number(tickMs), connectIntervalMs: 1, reconnectMs: 2000 });

let lags: number[] = [];
for (const bridge of fleet.bridges) {
  const sent = new Map<number, number>();
  bridge.client.on('packetsend', (packet: Packet) => {
    if (packet.cmd === 'publish' && packet.qos === 1 && packet.topic.endsWith('/delta') && packet.messageId !== undefined)
      sent.set(packet.messageId, performance.now());
  });
  bridge.client.on('packetreceive', (packet: Packet) => {
    if (packet.cmd !== 'puback' || packet.messageId === undefined) return;
    const at = sent.get(packet.messageId);
    if (at === undefined) return;
    sent.delete(packet.messageId);
    lags.push(Math.round((performance.now() - at) * 10) / 10);
  });
  // A connection lost before the PUBACK: the delta is sent again, and timed from then.
  bridge.client.on('close', () => sent.clear());
}

const say = () => {
  const { connected, reconnects, deltasSent, buffered } = fleet.stats;
  console.log(JSON.stringify({ connected, reconnects, deltasSent, buffered, lags }));
  lags = [];
};
// The first line at once: the fleet's connect is timed from it, not from the process start.
say();
const report = setInterval(say, 500);

process.on('SIGTERM', async () => {
  clearInterval(report);
  await fleet.stop();
  process.exit(0);
});
