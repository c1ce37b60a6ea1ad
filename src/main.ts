/**
 * Boot: configuration, database migrations, demo data, then HTTP and MQTT. SIGINT / SIGTERM
 * stop everything in order (HTTP and MQTT first, then the database) without losing writes.
 */
import { ConfigError, loadConfig } from './config.js';
import { migrateLatest } from './db/migrate.js';
import { createServer } from './server.js';
import type { Database } from './db/knex.js';
import type { Logger } from './platform/logger.js';
import { loadDemoData } from '../fixtures/demo.js';
import { seedReferenceData } from '../fixtures/reference.js';
import { demoBridgesIn, loadDemoBridges } from '../fixtures/bridges.js';
import { startFleet, type FleetHandle } from '../simulator/index.js';

async function main(): Promise<void> {
  const config = loadConfig();
  const server = await createServer(config);
  const { ctx } = server.app;

  const applied = await migrateLatest(ctx.db);
  if (applied.length) ctx.log.info('database migrated', { applied: applied.length });
  await ctx.db.transaction(seedReferenceData);
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
      console.error(`Port ${e.port ?? config.port} is already in use. Set ${variable} to a free port, e.g. ${variable}=${(e.port ?? config.port) + 1} npm start`);
      await server.stop().catch(() => {});
      process.exit(1);
    }
    throw err;
  }
  const fleet = config.demoBridges ? await startDemoFleet(server.app.mqtt.port!, ctx.db, ctx.log) : null;
  ctx.log.info('Vessel Link is running', { url: `http://localhost:${server.info.port}`, api: `http://localhost:${server.info.port}/api/documentation`, demo: config.demo });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    ctx.log.info('stopping', { signal });
    await fleet?.stop();
    await server.stop({ timeout: 10_000 });
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

/** Simulated bridges for the demo vessels, so a newcomer sees live values at once (DEMO_BRIDGES=0 turns them off). */
async function startDemoFleet(mqttPort: number, db: Database, log: Logger): Promise<FleetHandle | null> {
  const bridges = (await demoBridgesIn(db)).map(({ serial, secret, profile }) => ({ serial, secret, profile }));
  if (!bridges.length) return null;
  log.info('starting simulated demo bridges', { bridges: bridges.length });
  return startFleet({ mqttUrl: `mqtt://127.0.0.1:${mqttPort}`, bridges, logLevel: 'warn' });
}

main().catch((err) => {
  if (err instanceof ConfigError) console.error(err.message);
  else console.error('Vessel Link could not start:', err instanceof Error ? err.message : err);
  process.exit(1);
});
