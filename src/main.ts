/**
 * Boot: configuration, database migrations, demo data, then HTTP and MQTT. SIGINT / SIGTERM
 * stop everything in order (HTTP and MQTT first, then the database) without losing writes.
 * The demo bridges are not this process's business: the server writes what they need into
 * DATA_DIR/runtime.json and `npm start` (scripts/start.mjs) runs the simulator beside it.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError, loadConfig } from './config.js';
import { migrateLatest } from './db/migrate.js';
import { checkDatabase, checkDataDir, checkRedis, checkSqliteFolder, DependencyError } from './platform/dependencies.js';
import { createServer } from './server.js';
import { loadDemoData } from '../fixtures/demo.js';
import { seedReferenceData } from '../fixtures/reference.js';
import { demoBridgesIn, loadDemoBridges } from '../fixtures/bridges.js';

async function main(): Promise<void> {
  const config = loadConfig();
  checkDataDir(config);
  checkSqliteFolder(config);
  if (config.redisUrl) await checkRedis(config.redisUrl);
  const server = await createServer(config);
  const { ctx } = server.app;
  await checkDatabase(ctx.db, config);

  const applied = await migrateLatest(ctx.db);
  if (applied.length) ctx.log.info('database migrated', { applied: applied.length });
  await ctx.db.transaction(seedReferenceData);
  if (config.demoExposed) {
    ctx.log.warn(
      `Demo data is on while the server listens on ${config.host}: anyone who can reach it can sign in as admin@demo.test with the published demo password. Unset DEMO or listen on 127.0.0.1.`,
    );
  }
  if (config.demo) {
    const loaded = await loadDemoData(ctx.db);
    if (loaded) {
      await loadDemoBridges(ctx.db, config.sessionSecret);
      ctx.log.info('demo data loaded into the empty database');
    }
  }

  try {
    await server.start();
  } catch (err) {
    const e = err as NodeJS.ErrnoException & { variable?: string; port?: number };
    if (e.code === 'EADDRINUSE') {
      const variable = e.variable ?? 'PORT';
      console.error(
        `Port ${e.port ?? config.port} is already in use. Set ${variable} to a free port, e.g. ${variable}=${(e.port ?? config.port) + 1} npm start`,
      );
      await server.stop().catch(() => {});
      process.exit(1);
    }
    throw err;
  }
  const demoBridges = config.demoBridges ? (await demoBridgesIn(ctx.db)).map(({ serial, secret, profile }) => ({ serial, secret, profile })) : [];
  const runtimeFile = writeRuntime(config.dataDir, { pid: process.pid, httpPort: server.info.port, mqttPort: server.app.mqtt.port, demoBridges });
  ctx.log.info('Vessel Link is running', {
    url: `http://localhost:${server.info.port}`,
    api: `http://localhost:${server.info.port}/api/documentation`,
    demo: config.demo,
  });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    ctx.log.info('stopping', { signal });
    await server.stop({ timeout: 10_000 });
    rmSync(runtimeFile, { force: true });
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

/**
 * What runs beside the server needs to know: its ports and the demo bridges to simulate
 * (DEMO_BRIDGES=0 leaves the list empty). Their secrets are the published demo secrets.
 */
function writeRuntime(
  dataDir: string,
  runtime: { pid: number; httpPort: number | string; mqttPort: number | null; demoBridges: Array<{ serial: string; secret: string; profile: string }> },
): string {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, 'runtime.json');
  writeFileSync(file, JSON.stringify(runtime, null, 2), { mode: 0o600 });
  return file;
}

main().catch((err) => {
  if (err instanceof ConfigError || err instanceof DependencyError) console.error(err.message);
  else console.error('Vessel Link could not start:', err instanceof Error ? err.message : err);
  process.exit(1);
});
