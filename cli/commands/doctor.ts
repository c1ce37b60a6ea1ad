/**
 * `doctor`: what an operator checks before blaming the code (docs/operations.md, "Doctor"):
 * the configuration, the database and its migrations, the HTTP and MQTT ports, the SMTP server,
 * Redis in cluster mode and the disk. Every check runs; the command exits 1 when any failed.
 */
import { statfs } from 'node:fs/promises';
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import Boom from '@hapi/boom';
import { Command } from 'commander';
import nodemailer from 'nodemailer';
import { type Config, loadConfig } from '../../src/config.js';
import { createDatabase, databaseBytes, dialectOf } from '../../src/db/knex.js';
import { migrationStatus } from '../../src/db/migrate.js';
import { checkRedis } from '../../src/platform/dependencies.js';
import { describeDatabase } from '../app.js';
import { withJson, type OutputOptions } from '../options.js';
import { present } from '../output.js';

type State = 'ok' | 'warn' | 'fail';
interface Check {
  check: string;
  state: State;
  detail: string;
}

/** Free space below this (or below 10 %) is a warning; below a tenth of it a failure. */
const LOW_DISK_BYTES = 2 * 1024 ** 3;
const SMTP_TIMEOUT_MS = 5000;

const gigabytes = (bytes: number) => `${(bytes / 1024 ** 3).toFixed(1)} GB`;

function configuration(config: Config): Check[] {
  const notes: string[] = [];
  let state: State = 'ok';
  if (config.demoExposed) {
    state = 'fail';
    notes.push(`demo data is on while listening on ${config.host}`);
  }
  if (config.env === 'production' && !config.smtpUrl) {
    state = 'fail';
    notes.push('SMTP_URL is unset in production: mail stays in the outbox');
  }
  if (!config.metricsToken) notes.push('METRICS_TOKEN is unset: /metrics is off');
  if (!config.backup.dir) notes.push('BACKUP_DIR is unset: no scheduled backups');
  if (state === 'ok' && notes.length) state = 'warn';
  return [{ check: 'configuration', state, detail: notes.join('; ') || `${config.env}, ${config.host}:${config.port}` }];
}

async function database(config: Config): Promise<Check[]> {
  const where = describeDatabase(config.databaseUrl);
  // Looking must not create an empty database file.
  if (dialectOf(config.databaseUrl) === 'sqlite' && !existsSync(where))
    return [{ check: 'database', state: 'warn', detail: `${where} does not exist yet: the server creates it at its first start` }];
  const db = createDatabase(config.databaseUrl);
  try {
    await db.raw('select 1');
    const { applied, pending } = await migrationStatus(db);
    const size = gigabytes(await databaseBytes(db));
    return [
      { check: 'database', state: 'ok', detail: `${where} answers (${size})` },
      {
        check: 'migrations',
        state: pending.length ? 'warn' : 'ok',
        detail: pending.length
          ? `${pending.length} pending: the server applies them at start, or run "vessel-link migrate"`
          : `${applied.length} applied, none pending`,
      },
    ];
  } catch (err) {
    return [{ check: 'database', state: 'fail', detail: `${where}: ${(err as Error).message.split('\n')[0]}` }];
  } finally {
    await db.destroy();
  }
}

/** The running server's ports, from DATA_DIR/runtime.json, when it is ours. */
function runningPorts(config: Config): { httpPort?: number; mqttPort?: number } | null {
  const file = join(config.dataDir, 'runtime.json');
  if (!existsSync(file)) return null;
  try {
    const runtime = JSON.parse(readFileSync(file, 'utf8')) as { pid: number; httpPort?: number; mqttPort?: number };
    process.kill(runtime.pid, 0);
    return runtime;
  } catch {
    return null;
  }
}

function portFree(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, host, () => probe.close(() => resolve(true)));
  });
}

async function ports(config: Config): Promise<Check[]> {
  const running = runningPorts(config);
  const out: Check[] = [];
  for (const [check, variable, port, ours] of [
    ['http port', 'PORT', config.port, running?.httpPort],
    ['broker port', 'MQTT_PORT', config.mqttPort, running?.mqttPort],
  ] as const) {
    if (ours !== undefined && ours !== null) out.push({ check, state: 'ok', detail: `the running server listens on ${ours}` });
    else if (port === 0 || (await portFree(config.host, port))) out.push({ check, state: 'ok', detail: `${config.host}:${port} is free` });
    else out.push({ check, state: 'fail', detail: `${config.host}:${port} is taken by another program: set ${variable}` });
  }
  return out;
}

async function smtp(config: Config): Promise<Check[]> {
  if (!config.smtpUrl) return [{ check: 'smtp', state: config.env === 'production' ? 'fail' : 'warn', detail: 'no SMTP_URL: mail is kept in the outbox' }];
  const host = new URL(config.smtpUrl).host;
  const transport = nodemailer.createTransport({ url: config.smtpUrl, connectionTimeout: SMTP_TIMEOUT_MS, greetingTimeout: SMTP_TIMEOUT_MS });
  try {
    await transport.verify();
    return [{ check: 'smtp', state: 'ok', detail: `${host} accepts a connection and the credentials` }];
  } catch (err) {
    return [{ check: 'smtp', state: 'fail', detail: `${host}: ${(err as Error).message.split('\n')[0]}` }];
  } finally {
    transport.close();
  }
}

/** Cluster mode's Redis answers PING; without REDIS_URL there is nothing to check. */
async function redis(config: Config): Promise<Check[]> {
  if (!config.redisUrl) return [{ check: 'redis', state: 'ok', detail: 'no REDIS_URL: one server, no cluster' }];
  try {
    await checkRedis(config.redisUrl);
    return [{ check: 'redis', state: 'ok', detail: `${new URL(config.redisUrl).host} answers` }];
  } catch (err) {
    return [{ check: 'redis', state: 'fail', detail: (err as Error).message }];
  }
}

async function disk(config: Config): Promise<Check[]> {
  const dirs = [...new Set([config.dataDir, config.backup.dir].filter((d): d is string => Boolean(d) && existsSync(d!)))];
  const out: Check[] = [];
  for (const dir of dirs) {
    const s = await statfs(dir);
    const free = s.bavail * s.bsize;
    const share = free / (s.blocks * s.bsize);
    const state: State = free < LOW_DISK_BYTES / 10 ? 'fail' : free < LOW_DISK_BYTES || share < 0.1 ? 'warn' : 'ok';
    out.push({ check: 'disk', state, detail: `${dir}: ${gigabytes(free)} free (${Math.round(share * 100)} %)` });
  }
  return out.length ? out : [{ check: 'disk', state: 'warn', detail: `${config.dataDir} does not exist yet` }];
}

export function doctorCommand(): Command {
  return withJson(new Command('doctor'))
    .description('Check the configuration, database, ports, SMTP server, Redis and disk space; exits 1 when a check fails')
    .action(async (options: OutputOptions) => {
      let config: Config;
      try {
        config = loadConfig();
      } catch (err) {
        const checks = [{ check: 'configuration', state: 'fail' as State, detail: (err as Error).message }];
        await show(options, checks);
        return;
      }
      const checks = [
        ...configuration(config),
        ...(await database(config)),
        ...(await ports(config)),
        ...(await smtp(config)),
        ...(await redis(config)),
        ...(await disk(config)),
      ];
      await show(options, checks);
    });
}

async function show(options: OutputOptions, checks: Check[]): Promise<void> {
  const tones = { ok: 'green', warn: 'yellow', fail: 'red' } as const;
  const failed = checks.filter((c) => c.state === 'fail').length;
  await present(options, checks, {
    kind: 'table',
    columns: [{ header: 'CHECK' }, { header: 'STATE', tone: (cell) => tones[cell as State] }, { header: 'DETAIL' }],
    rows: checks.map((c) => [c.check, c.state, c.detail]),
    footer: failed ? `${failed} check(s) failed` : 'nothing failed',
    empty: 'No checks ran.',
  });
  if (failed) throw Boom.failedDependency(`${failed} check(s) failed`);
}
