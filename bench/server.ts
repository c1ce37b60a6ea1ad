/**
 * The system under test for bench/ingest.ts: the real Vessel Link server (every module, the
 * embedded broker, SQLite in a temporary file or a fresh PostgreSQL database) with the demo data
 * and N provisioned bridges, the first paired with Sea Breeze. Prints one JSON line with the
 * ports and credentials, runs until SIGTERM, then prints how many history samples it stored.
 *
 *   tsx bench/server.ts <bridges> [postgres://admin-url]
 *
 * Environment, for the benchmarks that need more than that:
 *   BENCH_STATE_DIR  keep the SQLite database there; a second start on the same directory reuses
 *                    it and its bridges (bench/fleet.ts restarts the server this way);
 *   BENCH_MQTT_PORT  a fixed MQTT port, so that bridges find the restarted server;
 *   BENCH_MEMBERS    that many more users (`member-N@bench.test`, the demo password), each crew
 *                    of Sea Breeze (bench/sse.ts: a user may hold at most 10 live streams).
 * SQLITE_SYNCHRONOUS is the server's own setting (docs/operations.md), handed on.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import knexFactory from 'knex';
import { loadConfig } from '../src/config.js';
import { createDatabase, insertId, nowIso, type Database } from '../src/db/knex.js';
import { migrateLatest } from '../src/db/migrate.js';
import { BridgeSecrets, pairBridge, provisionBridge } from '../src/modules/bridges/api.js';
import { newPairingCode, pairingCodeHash } from '../src/modules/bridges/secrets.js';
import { hashPassword } from '../src/platform/secrets.js';
import { createServer } from '../src/server.js';
import { DEMO_PASSWORD, loadDemoData } from '../fixtures/demo.js';
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

const stateDir = process.env.BENCH_STATE_DIR;
const dataDir = stateDir ?? mkdtempSync(join(tmpdir(), 'vessel-link-bench-'));
const bridgesFile = join(dataDir, 'bridges.json');
const reused = stateDir !== undefined && existsSync(bridgesFile);
const database = await databaseUrl(dataDir);
const sessionSecret = stateDir ? 'bench-state-session-secret-of-32-characters' : randomBytes(32).toString('base64url');
const config = loadConfig({
  NODE_ENV: 'production',
  HOST: '127.0.0.1',
  PORT: '0',
  MQTT_PORT: process.env.BENCH_MQTT_PORT ?? '0',
  DATABASE_URL: database.url,
  DATA_DIR: dataDir,
  SESSION_SECRET: sessionSecret,
  DEMO: 'off',
  LOG_LEVEL: 'warn',
  SQLITE_SYNCHRONOUS: process.env.SQLITE_SYNCHRONOUS,
});
const db = createDatabase(config.databaseUrl, { synchronous: config.sqliteSynchronous });

/** Users who are crew of Sea Breeze, as crew@demo.test is. */
async function addMembers(db: Database, count: number): Promise<void> {
  const crew = await db('vessel_members')
    .join('users', 'users.id', 'vessel_members.user_id')
    .where('users.email', 'crew@demo.test')
    .first('vessel_members.vessel_id', 'vessel_members.permissions', 'vessel_members.invited_by');
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (trx) => {
    const now = nowIso();
    for (let i = 0; i < count; i++) {
      const userId = await insertId(trx, 'users', {
        email: `member-${i}@bench.test`,
        password_hash: passwordHash,
        first_name: 'Member',
        last_name: String(i),
        is_admin: false,
        status: 'active',
        country_code: 'MC',
        language_code: 'en',
        created_at: now,
        updated_at: now,
      });
      await trx('vessel_members').insert({ ...crew, user_id: userId, status: 'active', created_at: now });
    }
  });
}

const benchSerial = (i: number) => `BENCH-${String(i).padStart(4, '0')}`;

let bridges: Array<{ serial: string; secret: string }> = [];
if (reused) bridges = JSON.parse(readFileSync(bridgesFile, 'utf8'));
else {
  await migrateLatest(db);
  await db.transaction(seedReferenceData);
  await loadDemoData(db);
  await addMembers(db, Number(process.env.BENCH_MEMBERS ?? 0));
  const secrets = new BridgeSecrets(sessionSecret);
  const seaBreeze = (await db('vessels').where({ name: 'Sea Breeze' }).first('id')).id;
  await db.transaction(async (trx) => {
    // The first through the api, to pair it; the others in multi-row inserts (10,000 in seconds).
    const first = await provisionBridge(trx, secrets, { serial: benchSerial(0), version: '1.0.0' });
    await pairBridge(trx, first.pairingCode, seaBreeze);
    bridges.push({ serial: first.serial, secret: first.secret });
    const now = nowIso();
    const rows = [];
    for (let i = 1; i < bridgeCount; i++) {
      const serial = benchSerial(i);
      const secret = secrets.newSecret();
      bridges.push({ serial, secret });
      rows.push({
        serial,
        secret_hash: secrets.hash(secret),
        pairing_code_hash: pairingCodeHash(newPairingCode()),
        version: '1.0.0',
        created_at: now,
        updated_at: now,
      });
    }
    for (let i = 0; i < rows.length; i += 500) await trx('bridges').insert(rows.slice(i, i + 500));
  });
  if (stateDir) writeFileSync(bridgesFile, JSON.stringify(bridges));
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
  // Raw rows, and the batch rows the rollup job has not folded into them yet.
  let historySamples = 0;
  for (const table of ['value_history', 'value_batches'])
    historySamples += Number((await db(table).sum<{ n: number | string | null }[]>({ n: 'count' }).first())?.n ?? 0);
  console.log(JSON.stringify({ historySamples, batches }));
  await db.destroy();
  await database.drop();
  process.exit(0);
});
