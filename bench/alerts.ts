/**
 * The alarm benchmark (docs/performance.md, "Alarms"). One process runs the real server (every
 * module, the embedded broker, SQLite in a temporary file, e-mail over SMTP to a local test SMTP
 * server) and measures:
 *   1. alert latency: a bridge publishes a Signal K alarm notification with a real MQTT client
 *      (QoS 1); the time until the live stream (SSE, as a signed-in browser holds it) announces
 *      the alert, until the alarm e-mail has reached the SMTP server, and until the push message
 *      has reached the push service (the tests' stand-in, tests/helpers/push-endpoint.ts, which
 *      decrypts it as a phone's push service would deliver it); and, on a second vessel whose
 *      escalation ladder texts the owner at 0 min, until the text has reached the SMS provider
 *      (the stand-in the product ships, simulator/sms-standin.ts); p50 and p99;
 *   2. ingest with warning levels: two bridges with the same 1,000-property inventory, one with
 *      warning levels on every property and one without, loaded in alternating rounds in the
 *      same run; the rate with levels over the rate without must be at least 0.9.
 *
 *   npx tsx bench/alerts.ts [--alarms 200] [--rounds 4] [--round-seconds 10] [--inflight 4] [--values 1000]
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import mqtt from 'mqtt';
import { SMTPServer } from 'smtp-server';
import type { DeviceInventory } from '../contracts/bridge.js';
import { loadDemoData } from '../fixtures/demo.js';
import { seedReferenceData } from '../fixtures/reference.js';
import { loadConfig } from '../src/config.js';
import { createDatabase } from '../src/db/knex.js';
import { migrateLatest } from '../src/db/migrate.js';
import { BridgeSecrets, pairBridge, provisionBridge } from '../src/modules/bridges/api.js';
import { createServer } from '../src/server.js';
import { startSmsStandin } from '../simulator/sms-standin.js';
import { PushEndpoint } from '../tests/helpers/push-endpoint.js';
import { readFlags } from './flags.js';
import { percentile, runLoad } from './load.js';

const USAGE = 'usage: npx tsx bench/alerts.ts [--alarms 200] [--rounds 4] [--round-seconds 10] [--inflight 4] [--values 1000]';
const flags = readFlags(USAGE, { alarms: '200', rounds: '4', 'round-seconds': '10', inflight: '4', values: '1000' });
const whole = flags.whole;
const alarmCount = whole('alarms', 1, 10_000);
const rounds = whole('rounds', 1, 100);
const roundMs = whole('round-seconds', 1, 600) * 1000;
const inflight = whole('inflight', 1, 100);
const PROPERTIES = 1000;
const valuesPerMessage = whole('values', 1, PROPERTIES);

// The local SMTP server: notes when each alarm e-mail arrives, by the bench tag in its subject.
const mailed = new Map<string, number>();
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  // A local test server: no reverse DNS of 127.0.0.1 on each connection (not the server's cost).
  disableReverseLookup: true,
  onData(stream, _session, done) {
    let text = '';
    stream.on('data', (chunk: Buffer) => (text += chunk.toString()));
    stream.on('end', () => {
      const at = performance.now();
      const tag = /BENCH-(\d+)/.exec(text)?.[1];
      if (tag && !mailed.has(tag)) mailed.set(tag, at);
      done();
    });
  },
});
await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
const smtpPort = (smtp.server.address() as AddressInfo).port;

// The push service and the SMS provider, standing in on loopback: each notes when it got each alarm.
const pushService = new PushEndpoint();
await pushService.start();
const SMS_SID = 'ACbench0123456789';
const SMS_TOKEN = randomBytes(24).toString('base64url');
const smsProvider = await startSmsStandin({ accountSid: SMS_SID, authToken: SMS_TOKEN, serverUrl: 'http://127.0.0.1:1' });

const dataDir = mkdtempSync(join(tmpdir(), 'vessel-link-bench-alerts-'));
const sessionSecret = randomBytes(32).toString('base64url');
const config = loadConfig({
  // Not production: the push service stands in on loopback, which a production server refuses to reach.
  NODE_ENV: 'development',
  HOST: '127.0.0.1',
  PORT: '0',
  MQTT_PORT: '0',
  DATABASE_URL: join(dataDir, 'bench.db'),
  DATA_DIR: dataDir,
  SESSION_SECRET: sessionSecret,
  SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
  SMS_PROVIDER_URL: smsProvider.url,
  SMS_ACCOUNT_SID: SMS_SID,
  SMS_AUTH_TOKEN: SMS_TOKEN,
  SMS_FROM: '+15005550006',
  DEMO: 'off',
  LOG_LEVEL: 'warn',
});
const db = createDatabase(config.databaseUrl);
await migrateLatest(db);
await db.transaction(seedReferenceData);
await loadDemoData(db);
const secrets = new BridgeSecrets(sessionSecret);
const vesselId = async (name: string) => (await db('vessels').where({ name }).first()).id as number;
async function bridgeFor(vesselName: string, serial: string) {
  const provisioned = await provisionBridge(db, secrets, { serial });
  await pairBridge(db, provisioned.pairingCode, await vesselId(vesselName));
  return provisioned;
}
// Sea Breeze raises the alarms (owner and crew get the e-mail); the two load bridges are on the others.
const alarmBridge = await bridgeFor('Sea Breeze', 'BENCH-ALARMS');
const plainBridge = await bridgeFor('Blue Horizon', 'BENCH-PLAIN');
const levelsBridge = await bridgeFor('Northern Star', 'BENCH-LEVELS');

const server = await createServer(config, { db });
await server.start();
const httpUrl = `http://127.0.0.1:${server.info.port}`;
smsProvider.setServer(httpUrl);
const mqttUrl = `mqtt://127.0.0.1:${server.app.mqtt.port}`;
// Every alarm of this run is new, so none is held back as a flood (ISA-18.2 grouping is not
// what is measured): each one moves the server's clock (ctx.clock, running) past the flood window.

const inventory: DeviceInventory = {
  devices: [
    {
      id: 'bench-bank',
      name: 'Bench battery bank',
      category: 'power',
      properties: Array.from({ length: PROPERTIES }, (_, i) => ({
        path: `electrical.batteries.b${i}.voltage`,
        displayName: `Cell ${i}`,
        units: 'V',
        writable: false,
      })),
    },
  ],
};
async function connectBridge(b: { serial: string; secret: string }) {
  const client = await mqtt.connectAsync(mqttUrl, { clientId: b.serial, username: b.serial, password: b.secret, protocolVersion: 4, reconnectPeriod: 0 });
  await client.publishAsync(`bridges/${b.serial}/devices`, JSON.stringify(inventory), { qos: 1 });
  return client;
}
const [alarmClient, plainClient, levelsClient] = await Promise.all([alarmBridge, plainBridge, levelsBridge].map(connectBridge));
await levelsClient.endAsync();

// Warning levels on every property of the levels bridge, through the route a user calls.
const login = await server.inject({ method: 'POST', url: '/api/auth/login', payload: { username: 'admin@demo.test', password: 'vessel-link-demo' } });
const ownerLogin = await server.inject({ method: 'POST', url: '/api/auth/login', payload: { username: 'owner@demo.test', password: 'vessel-link-demo' } });
const adminToken = JSON.parse(login.payload).data.token as string;
const ownerToken = JSON.parse(ownerLogin.payload).data.token as string;
const asOwner = async (method: string, url: string, payload: object) => {
  const res = await server.inject({ method, url, headers: { authorization: `Bearer ${ownerToken}` }, payload });
  if (res.statusCode >= 300) throw new Error(`${method} ${url} answered ${res.statusCode}: ${res.payload}`);
};
// The owner's phone: subscribed to push, and a number verified by the code the SMS provider carried (no follow-ups:
// the texts measured are the ladder's).
await asOwner('POST', '/api/profile/pushSubscriptions', { ...pushService.subscription(), label: 'Bench phone' });
await asOwner('POST', '/api/profile/phone', { number: '+447700900123' });
const [codeText] = await smsProvider.waitForMessages(1);
await asOwner('POST', '/api/profile/phone/verify', { code: /\b(\d{6})\b/.exec(codeText.body)![1] });
await asOwner('PUT', '/api/profile/phone', { followUp: 'off' });
// Blue Horizon's ladder texts the owner at once: its alarms measure the SMS path.
await asOwner('PUT', `/api/vessel/${await vesselId('Blue Horizon')}/escalation`, {
  steps: [{ afterMinutes: 0, target: { kind: 'role', role: 'owner' }, channel: 'sms' }],
});
const levelsBridgeId = (await db('bridges').where({ serial: 'BENCH-LEVELS' }).first()).id;
const propertyIds: number[] = await db('device_properties').where({ bridge_id: levelsBridgeId }).pluck('id');
for (const propertyId of propertyIds) {
  const res = await server.inject({
    method: 'POST',
    url: '/api/devices/setPropertyWarningLevels',
    headers: { authorization: `Bearer ${adminToken}` },
    payload: { propertyId, lowCritical: 10, lowWarning: 11, highWarning: 14, highCritical: 15, hysteresis: 0.2, delaySeconds: 5 },
  });
  if (res.statusCode !== 200) throw new Error(`setPropertyWarningLevels answered ${res.statusCode}: ${res.payload}`);
}

// 1. Alert latency.
const seaBreeze = await vesselId('Sea Breeze');
const controller = new AbortController();
const live = await fetch(`${httpUrl}/api/vessel/${seaBreeze}/live`, { headers: { authorization: `Bearer ${ownerToken}` }, signal: controller.signal });
const seen = new Map<string, number>();
void (async () => {
  const decoder = new TextDecoder();
  const reader = live.body!.getReader();
  let buffer = '';
  try {
    for (;;) {
      const { value: chunk, done } = await reader.read();
      if (done) break;
      buffer += decoder.decode(chunk, { stream: true });
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const event = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (!event.startsWith('event: alert')) continue;
        const tag = /BENCH-(\d+)/.exec(event)?.[1];
        if (tag && !seen.has(tag)) seen.set(tag, performance.now());
      }
    }
  } catch {
    // aborted at the end
  }
})();

const publishedAt = new Map<string, number>();
// The push service and the SMS provider stamp arrivals on the wall clock (ms).
const publishedWall = new Map<string, number>();
const arrivedWall = (arrivals: Array<{ text: string; at: number }>) => {
  const out = new Map<string, number>();
  for (const { text, at } of arrivals) {
    const tag = /BENCH-(\d+)/.exec(text)?.[1];
    if (tag && !out.has(tag)) out.set(tag, at);
  }
  return out;
};
const pushed = () => arrivedWall(pushService.received.map((p) => ({ text: JSON.stringify(p.message), at: p.receivedAt })));
const texted = () => arrivedWall(smsProvider.messages.map((m) => ({ text: m.body, at: Date.parse(m.at) })));
const until = async (check: () => boolean, what: string) => {
  const deadline = Date.now() + 10_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setImmediate(resolve));
  }
};
/** A new alarm tagged BENCH-{tag}, after moving the server's clock past the flood window. */
const alarmDelta = (path: string, tag: string) => {
  server.app.ctx.clock.advance(11 * 60_000);
  const value = { state: 'alarm', method: ['visual', 'sound'], message: `BENCH-${tag} bilge high` };
  return JSON.stringify({ context: 'vessels.self', updates: [{ $source: 'bench.alarms', timestamp: new Date().toISOString(), values: [{ path, value }] }] });
};
for (let i = 0; i < alarmCount; i++) {
  const tag = String(i);
  const delta = alarmDelta(`notifications.bench.a${i}`, tag);
  publishedAt.set(tag, performance.now());
  publishedWall.set(tag, Date.now());
  await alarmClient.publishAsync(`bridges/BENCH-ALARMS/delta`, delta, { qos: 1 });
  // One alarm at a time: each measured alone, not queued behind the last one's e-mails.
  await until(() => seen.has(tag) && mailed.has(tag) && pushService.received.some((p) => JSON.stringify(p.message).includes(`BENCH-${tag} `)), `alarm ${tag}`);
}
controller.abort();
await alarmClient.endAsync();
const sorted = (key: Map<string, number>) => Float64Array.from([...publishedAt].map(([tag, at]) => key.get(tag)! - at)).sort();
const sortedWall = (key: Map<string, number>, published: Map<string, number>) =>
  Float64Array.from([...published].map(([tag, at]) => key.get(tag)! - at)).sort();
const liveMs = sorted(seen);
const mailMs = sorted(mailed);
const pushMs = sortedWall(pushed(), publishedWall);

// The same alarms on Blue Horizon, whose ladder sends each by SMS alone.
const smsPublishedWall = new Map<string, number>();
for (let i = 0; i < alarmCount; i++) {
  const tag = String(alarmCount + i);
  const delta = alarmDelta(`notifications.bench.s${i}`, tag);
  smsPublishedWall.set(tag, Date.now());
  await plainClient.publishAsync(`bridges/BENCH-PLAIN/delta`, delta, { qos: 1 });
  await until(() => smsProvider.messages.some((m) => m.body.includes(`BENCH-${tag} `)), `text ${tag}`);
}
await plainClient.endAsync();
const smsMs = sortedWall(texted(), smsPublishedWall);

// 2. Ingest with and without warning levels, alternating rounds.
const rates = { plain: [] as number[], levels: [] as number[] };
for (let round = 0; round < rounds; round++) {
  for (const [kind, b] of [
    ['plain', plainBridge],
    ['levels', levelsBridge],
  ] as const) {
    const result = await runLoad(mqttUrl, [{ clientId: b.serial, password: b.secret, topic: `bridges/${b.serial}/delta` }], {
      durationMs: roundMs,
      inflight,
      valuesPerMessage,
    });
    if (result.failures) throw new Error(`${result.failures} publishes failed`);
    rates[kind].push(result.values / result.seconds);
  }
}
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
const plainRate = sum(rates.plain) / rates.plain.length;
const levelsRate = sum(rates.levels) / rates.levels.length;

await server.stop({ timeout: 5000 });
await db.destroy();
await new Promise<void>((resolve) => smtp.close(() => resolve()));
await pushService.close();
await smsProvider.close();

const ms = (x: number) => Math.round(x * 10) / 10;
const report = {
  alarms: alarmCount,
  liveEventMs: { p50: ms(percentile(liveMs, 50)), p99: ms(percentile(liveMs, 99)), max: ms(liveMs[liveMs.length - 1]) },
  smtpDeliveredMs: { p50: ms(percentile(mailMs, 50)), p99: ms(percentile(mailMs, 99)), max: ms(mailMs[mailMs.length - 1]) },
  pushServiceMs: { p50: ms(percentile(pushMs, 50)), p99: ms(percentile(pushMs, 99)), max: ms(pushMs[pushMs.length - 1]) },
  smsProviderMs: { p50: ms(percentile(smsMs, 50)), p99: ms(percentile(smsMs, 99)), max: ms(smsMs[smsMs.length - 1]) },
  ingest: {
    properties: PROPERTIES,
    valuesPerMessage,
    rounds,
    roundSeconds: roundMs / 1000,
    withoutLevelsValuesPerSecond: Math.round(plainRate),
    withLevelsValuesPerSecond: Math.round(levelsRate),
    ratio: Math.round((levelsRate / plainRate) * 1000) / 1000,
  },
};
console.log(JSON.stringify(report, null, 2));
if (report.ingest.ratio < 0.9) {
  console.error(`ingest with warning levels is ${report.ingest.ratio}× the rate without: below 0.9`);
  process.exit(1);
}
process.exit(0);
