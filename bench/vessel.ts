/**
 * What bench/http.ts and bench/sse.ts need from a running bench/server.ts: Sea Breeze's bridge
 * (the first provisioned) connected and reporting the simulator's inventory and a snapshot, and
 * signed-in sessions.
 */
import mqtt, { type MqttClient } from 'mqtt';
import { toDelta } from '../simulator/delta.js';
import { profileNamed } from '../simulator/profiles.js';
import { createRandom } from '../bridge/client/random.js';
import { Vessel } from '../simulator/vessel.js';
import { DEMO_PASSWORD } from '../fixtures/demo.js';

export interface BenchServer {
  httpPort: number;
  mqttPort: number;
  bridges: Array<{ serial: string; secret: string }>;
}

/** Sea Breeze's bridge, connected, with a motor yacht's inventory and current values stored. */
export async function seaBreezeBridge(server: BenchServer): Promise<MqttClient> {
  const { serial, secret } = server.bridges[0];
  const bridge = await mqtt.connectAsync(`mqtt://127.0.0.1:${server.mqttPort}`, { clientId: serial, username: serial, password: secret, protocolVersion: 4 });
  const vessel = new Vessel(profileNamed('motor-yacht'), createRandom(1));
  await bridge.publishAsync(`bridges/${serial}/devices`, JSON.stringify(vessel.inventory()), { qos: 1 });
  await bridge.publishAsync(`bridges/${serial}/delta`, JSON.stringify(toDelta(vessel.snapshot(), new Date())), { qos: 1 });
  return bridge;
}

/** A session key for one user (the demo password). */
export async function signIn(server: BenchServer, username: string): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${server.httpPort}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: DEMO_PASSWORD }),
  });
  const body = (await res.json()) as { ok: boolean; data: { token: string } };
  if (!body.ok) throw new Error(`${username} could not sign in: ${JSON.stringify(body)}`);
  return body.data.token;
}

export async function seaBreezeId(server: BenchServer, token: string): Promise<number> {
  const res = await fetch(`http://127.0.0.1:${server.httpPort}/api/vessel/basic`, { headers: { authorization: `Bearer ${token}` } });
  const vessels = (await res.json()) as { data: Array<{ id: number; name: string }> };
  return vessels.data.find((v) => v.name === 'Sea Breeze')!.id;
}
