/**
 * The cluster benchmark (docs/scaling.md): the ingest load of bench/ingest.ts (N bridges, each
 * keeping W QoS 1 deltas of V values in flight) against one Vessel Link node, then against two
 * nodes sharing the same PostgreSQL database and Redis (cluster mode, REDIS_URL), half of the
 * bridges on each, as a TCP load balancer would spread them. Both runs are in cluster mode, so
 * the ratio is what the second node adds. Each node is the real server (`src/main.ts`) in its
 * own process.
 *
 *   npx tsx bench/cluster.ts [--duration 30] [--bridges 50] [--inflight 10] [--values 10]
 *                            [--postgres postgres://postgres@127.0.0.1:5432/postgres] [--redis redis://127.0.0.1:6379]
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { connect, createServer, type AddressInfo } from 'node:net';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import knexFactory from 'knex';
import { createDatabase } from '../src/db/knex.js';
import { migrateLatest } from '../src/db/migrate.js';
import { BridgeSecrets, provisionBridge } from '../src/modules/bridges/api.js';
import { seedReferenceData } from '../fixtures/reference.js';
import { readFlags } from './flags.js';
import { type LoadClient, type LoadResult, percentile, runLoad } from './load.js';
import { ratioText, resultTable } from './table.js';

const USAGE = 'usage: npx tsx bench/cluster.ts [--duration 30] [--bridges 50] [--inflight 10] [--values 10] [--postgres URL] [--redis URL]';
const flags = readFlags(USAGE, {
  duration: '30',
  bridges: '50',
  inflight: '10',
  values: '10',
  postgres: 'postgres://postgres@127.0.0.1:5432/postgres',
  redis: 'redis://127.0.0.1:6379',
});
const bridgeCount = flags.whole('bridges', 2, 10_000);
const load = {
  durationMs: flags.whole('duration', 1, 3600) * 1000,
  inflight: flags.whole('inflight', 1, 1000),
  valuesPerMessage: flags.whole('values', 1, 1000),
};
const postgres = flags.text('postgres')!;
const redisUrl = flags.text('redis')!;
const prefix = `vl-bench-${randomBytes(4).toString('hex')}`;
const sessionSecret = randomBytes(32).toString('base64url');

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

async function untilListening(port: number, node: ChildProcess): Promise<void> {
  for (;;) {
    if (node.exitCode !== null) throw new Error('a node exited before it listened');
    const up = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.destroy();
        resolve(true);
      }).on('error', () => resolve(false));
    });
    if (up) return;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A fresh PostgreSQL database with the reference data and the bridges, dropped at the end. */
async function prepareDatabase(): Promise<{ url: string; bridges: LoadClient[]; drop: () => Promise<void> }> {
  const name = `vl_bench_cluster_${randomBytes(4).toString('hex')}`;
  const admin = knexFactory({ client: 'pg', connection: postgres, pool: { min: 0, max: 1 } });
  await admin.raw(`CREATE DATABASE ${name}`);
  const url = new URL(postgres);
  url.pathname = `/${name}`;
  const db = createDatabase(url.toString());
  await migrateLatest(db);
  await db.transaction(seedReferenceData);
  const secrets = new BridgeSecrets(sessionSecret);
  const bridges: LoadClient[] = [];
  for (let i = 0; i < bridgeCount; i++) {
    const serial = `BENCH-${String(i).padStart(4, '0')}`;
    const { secret } = await provisionBridge(db, secrets, { serial, version: '1.0.0' });
    bridges.push({ clientId: serial, password: secret, topic: `bridges/${serial}/delta` });
  }
  await db.destroy();
  return {
    url: url.toString(),
    bridges,
    async drop() {
      await admin.raw(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.destroy();
    },
  };
}

/** One node: the real server in its own process, in cluster mode. */
async function startNode(databaseUrl: string): Promise<{ mqttPort: number; stop: () => Promise<void> }> {
  const mqttPort = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(await freePort()),
      MQTT_PORT: String(mqttPort),
      DATABASE_URL: databaseUrl,
      DATA_DIR: mkdtempSync(join(tmpdir(), 'vl-bench-node-')),
      SESSION_SECRET: sessionSecret,
      REDIS_URL: redisUrl,
      REDIS_PREFIX: prefix,
      DEMO: 'off',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await untilListening(mqttPort, child);
  return {
    mqttPort,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** The load spread over the nodes (bridge i on node i mod n), all at once; the results summed. */
async function run(databaseUrl: string, bridges: LoadClient[], nodes: number, durationMs = load.durationMs): Promise<LoadResult> {
  const started = await Promise.all(Array.from({ length: nodes }, () => startNode(databaseUrl)));
  try {
    const results = await Promise.all(
      started.map((node, n) =>
        runLoad(
          `mqtt://127.0.0.1:${node.mqttPort}`,
          bridges.filter((_, i) => i % nodes === n),
          { ...load, durationMs },
        ),
      ),
    );
    const lags = Float64Array.from(results.flatMap((r) => [...r.lagsMs])).sort();
    return {
      clients: results.reduce((s, r) => s + r.clients, 0),
      connectMs: Math.max(...results.map((r) => r.connectMs)),
      messages: results.reduce((s, r) => s + r.messages, 0),
      values: results.reduce((s, r) => s + r.values, 0),
      seconds: Math.max(...results.map((r) => r.seconds)),
      acknowledgedValues: results.reduce((s, r) => s + r.acknowledgedValues, 0),
      lagsMs: lags,
      failures: results.reduce((s, r) => s + r.failures, 0),
    };
  } finally {
    for (const node of started) await node.stop();
  }
}

const rate = (r: LoadResult) => r.messages / r.seconds;
const describeRun = (r: LoadResult) =>
  `${Math.round(rate(r)).toLocaleString('en')} msg/s (p50 ${percentile(r.lagsMs, 50).toFixed(1)} ms, p99 ${percentile(r.lagsMs, 99).toFixed(1)} ms${r.failures ? `, ${r.failures} failed` : ''})`;

console.log(
  `Cluster benchmark: ${bridgeCount} bridges × ${load.inflight} QoS 1 deltas in flight × ${load.valuesPerMessage} values, ${load.durationMs / 1000} s per run; PostgreSQL and Redis on this machine; node ${process.version}, ${cpus().length} CPUs\n`,
);
const database = await prepareDatabase();
try {
  // Not counted: the first start compiles the server (tsx) and the first connects warm PostgreSQL and Redis.
  await run(database.url, database.bridges, 1, 5000);
  const one = await run(database.url, database.bridges, 1);
  console.log(`one node:  ${describeRun(one)}`);
  const two = await run(database.url, database.bridges, 2);
  console.log(`two nodes: ${describeRun(two)}\n`);
  const command = `npx tsx bench/cluster.ts --bridges ${bridgeCount} --duration ${load.durationMs / 1000}`;
  console.log(
    resultTable([
      {
        figure: 'Ingest, two nodes vs one (cluster mode)',
        command,
        value: `${Math.round(rate(two)).toLocaleString('en')} msg/s`,
        baseline: `${Math.round(rate(one)).toLocaleString('en')} msg/s (one node)`,
        ratio: ratioText(rate(two), rate(one)),
        goal: 'more than one node',
        met: rate(two) > rate(one),
      },
    ]),
  );
} finally {
  await database.drop();
  const redis = new Redis(redisUrl);
  for await (const keys of redis.scanStream({ match: `${prefix}*`, count: 1000 }) as AsyncIterable<string[]>) if (keys.length) await redis.del(...keys);
  redis.disconnect();
}
