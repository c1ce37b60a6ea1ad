/**
 * The system under test for bench/ingest.ts: the real Vessel Link server (every module, the
 * embedded broker, SQLite in a temporary file or a fresh PostgreSQL database) with the demo data
 * and N provisioned bridges, the first paired with Sea Breeze. Prints one JSON line with the
 * ports and credentials, runs until SIGTERM, then prints how many history samples it stored.
 *
 *   tsx bench/server.ts <bridges> [postgres://admin-url]
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import knexFactory from 'knex';
import { loadConfig } from '../src/config.js';
import { createDatabase } from '../src/db/knex.js';
import { migrateLatest } from '../src/db/migrate.js';
import { BridgeSecrets, pairBridge, provisionBridge } from '../src/modules/bridges/api.js';
import { createServer } from '../src/server.js';
import { loadDemoData } from '../fixtures/demo.js';
import { seedReferenceData } from '../fixtures/reference.js';

const bridgeCount = Number(process.argv[2] ?? 50);
const postgresAdminUrl = process.argv[3];

async function databaseUrl(dataDir: string): Promise<{ url: string; drop: () => Promise<void> }> {
  if (!postgresAdminUrl) return { url: join(dataDir, 'bench.db'), drop: async () => {} };
  const name = `vl_bench_${randomBytes(4).toString('hex')}`;
  const admin = knexFactory({ client: 'pg', connection: postgresAdminUrl });
  await admin.raw(`CREATE DATABASE ${name}`);
  const url = new URL(postgresAdminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await admin.raw(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.destroy();
    },
  };
}

const dataDir = mkdtempSync(join(tmpdir(), 'vessel-link-bench-'));
const database = await databaseUrl(dataDir);
const sessionSecret = randomBytes(32).toString('base64url');
const config = loadConfig({
  NODE_ENV: 'production',
  HOST: '127.0.0.1',
  PORT: '0',
  MQTT_PORT: '0',
  DATABASE_URL: database.url,
  DATA_DIR: dataDir,
  SESSION_SECRET: sessionSecret,
  DEMO: 'off',
  LOG_LEVEL: 'warn',
});
const db = createDatabase(config.databaseUrl);
await migrateLatest(db);
await db.transaction(seedReferenceData);
await loadDemoData(db);

const secrets = new BridgeSecrets(sessionSecret);
const bridges: Array<{ serial: string; secret: string }> = [];
for (let i = 0; i < bridgeCount; i++) {
  const serial = `BENCH-${String(i).padStart(4, '0')}`;
  const { secret, pairingCode } = await provisionBridge(db, secrets, { serial, version: '1.0.0' });
  if (i === 0) await pairBridge(db, pairingCode, (await db('vessels').where({ name: 'Sea Breeze' }).first('id')).id);
  bridges.push({ serial, secret });
}

const server = await createServer(config, { db });
await server.start();
// Group commits: how many, how many messages they carried, how long their writes took.
const batches = { count: 0, messages: 0, seconds: 0 };
server.app.ctx.events.on('ingest.batch', ({ messages, seconds }) => {
  batches.count++;
  batches.messages += messages;
  batches.seconds += seconds;
});
console.log(JSON.stringify({ httpPort: server.info.port, mqttPort: server.app.mqtt.port, databaseUrl: database.url, bridges }));

process.on('SIGTERM', async () => {
  await server.stop({ timeout: 5000 });
  const counted = await db('value_history').sum<{ n: number | string | null }[]>({ n: 'count' }).first();
  console.log(JSON.stringify({ historySamples: Number(counted?.n ?? 0), batches }));
  await db.destroy();
  await database.drop();
  process.exit(0);
});
