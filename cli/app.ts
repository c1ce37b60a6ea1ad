/**
 * The server, initialised but not listening, on the configured database: commands call the
 * same module apis as the HTTP routes, so passwords are hashed and rules applied the same way.
 */
import { Console } from 'node:console';
import { resolve } from 'node:path';
import { Writable } from 'node:stream';
import Boom from '@hapi/boom';
import type { Server } from '@hapi/hapi';
import type { Command } from 'commander';
import { seedReferenceData } from '../fixtures/reference.js';
import { loadConfig, type Config } from '../src/config.js';
import { dialectOf, sqliteFile, type Database } from '../src/db/knex.js';
import { migrateLatest, migrationStatus } from '../src/db/migrate.js';
import { recordAudit } from '../src/platform/audit.js';
import type { AppContext } from '../src/platform/context.js';
import { createLogger } from '../src/platform/logger.js';

export interface App {
  server: Server;
  ctx: AppContext;
  db: Database;
  config: Config;
}

export interface OpenOptions {
  /** false for `migrate`, which brings the schema up to date itself. */
  ensureSchema?: boolean;
  /** Log at the configured LOG_LEVEL instead of warnings only. */
  verbose?: boolean;
}

/** The options every command opens the app with, from the program's global flags. */
export const openOptions = (command: Command, ensureSchema = true): OpenOptions => ({ ensureSchema, verbose: Boolean(command.optsWithGlobals().verbose) });

const LEVELS = ['debug', 'info', 'warn', 'error', 'silent'] as const;

/** Builds the app, runs `work` and stops the app whether `work` succeeded or not. */
export async function withApp<T>(options: OpenOptions, work: (app: App) => Promise<T>): Promise<T> {
  const config = loadConfig();
  // Diagnostics only, and on stderr: stdout carries the command's data.
  const level = options.verbose ? config.logLevel : LEVELS[Math.max(LEVELS.indexOf(config.logLevel), LEVELS.indexOf('warn'))];
  const log = createLogger(level, { source: 'cli' }, { write: (line: string) => process.stderr.write(line) });
  quietLibraries(Boolean(options.verbose));
  // Loaded here, not at the top: a usage error is reported without loading the whole server.
  const { createServer } = await import('../src/server.js');
  const server = await createServer(config, { log, apiDocs: false });
  try {
    await server.initialize();
    const app: App = { server, ctx: server.app.ctx, db: server.app.ctx.db, config };
    if (options.ensureSchema !== false) await ensureSchema(app);
    return await work(app);
  } finally {
    await server.stop();
  }
}

/**
 * Libraries talk through `console`: knex, for one, logs a failed connection with its stack on
 * console.log, which is stdout, where the data goes. The error itself reaches the operator as
 * one line through reportError; the chatter goes to stderr with --verbose, and nowhere without.
 */
function quietLibraries(verbose: boolean): void {
  const sink = verbose ? process.stderr : new Writable({ write: (_chunk, _encoding, done) => done() });
  globalThis.console = new Console({ stdout: sink, stderr: sink });
}

/** Where the data is, for messages: the file, or the PostgreSQL host and database without credentials. */
export function describeDatabase(url: string): string {
  if (dialectOf(url) === 'sqlite') return resolve(sqliteFile(url));
  const u = new URL(url);
  return `postgres://${u.host}${u.pathname}`;
}

/**
 * A new, empty database is set up on the spot, as the server does at boot. A database that
 * only lacks some migrations is left alone: upgrading the schema under a running server is a
 * decision for the operator (`vessel-link migrate`).
 */
async function ensureSchema(app: App): Promise<void> {
  const { applied, pending } = await migrationStatus(app.db);
  if (!pending.length) return;
  if (applied.length) {
    throw Boom.failedDependency(`The database needs ${pending.length} more migration(s); run "vessel-link migrate" first.`);
  }
  process.stderr.write(`New database at ${describeDatabase(app.config.databaseUrl)}: applying ${pending.length} migrations.\n`);
  await migrateLatest(app.db);
  await app.db.transaction(seedReferenceData);
}

export interface Target {
  type: string;
  id?: string | number;
  details?: Record<string, unknown>;
}

/**
 * Runs one operator action and records it in the audit trail with its outcome, like the HTTP
 * trail does for API calls: actor "cli", action "CLI <command>".
 */
export async function audited<T>(app: App, action: string, target: Target, run: () => Promise<T>, targetOf?: (result: T) => string | number): Promise<T> {
  const record = (outcome: number, targetId: string | number | undefined) =>
    recordAudit(app.db, {
      actorId: null,
      actorEmail: 'cli',
      action: `CLI ${action}`,
      targetType: target.type,
      targetId: targetId === undefined ? null : String(targetId),
      outcome,
      details: target.details ?? null,
    });
  try {
    const result = await run();
    await record(200, targetOf ? targetOf(result) : target.id);
    return result;
  } catch (err) {
    // A failure to record must not hide the failure itself.
    await record(Boom.isBoom(err) ? err.output.statusCode : 500, target.id).catch(() => {});
    throw err;
  }
}
