/**
 * `migrate`: brings the database schema up to date and adds missing reference data
 * (countries, languages, navigation, ...), as the server does at boot. `--status` only reports.
 */
import { Command } from 'commander';
import { seedReferenceData } from '../../fixtures/reference.js';
import { migrateLatest, migrationStatus } from '../../src/db/migrate.js';
import { audited, describeDatabase, openOptions, withApp, type App } from '../app.js';
import { withJson, type OutputOptions } from '../options.js';
import { present, progress } from '../output.js';

/**
 * Knex reports no progress while it migrates; its bookkeeping row, inserted as each migration
 * completes, marks one step. Answers a function that stops listening.
 */
function onMigrationDone(app: App, step: (name: string) => void): () => void {
  const listener = (query: { method?: string; sql?: string; bindings?: unknown[] }) => {
    if (query.method !== 'insert' || !query.sql?.includes('knex_migrations')) return;
    const name = query.bindings?.find((b): b is string => typeof b === 'string' && /^\d{14}_/.test(b));
    if (name) step(name);
  };
  app.db.on('query', listener);
  return () => void app.db.off('query', listener);
}

async function status(app: App, options: OutputOptions): Promise<void> {
  const { applied, pending } = await migrationStatus(app.db);
  const state = (names: string[], label: string) => names.map((n) => [n, label]);
  await present(
    options,
    { applied, pending },
    {
      kind: 'table',
      columns: [{ header: 'MIGRATION' }, { header: 'STATE', tone: (c) => (c === 'applied' ? 'green' : 'yellow') }],
      rows: [...state(applied, 'applied'), ...state(pending, 'pending')],
      footer: `${describeDatabase(app.config.databaseUrl)}: ${applied.length} applied, ${pending.length} pending`,
      empty: 'No migrations found.',
    },
  );
}

async function migrate(app: App, options: OutputOptions): Promise<void> {
  const { pending } = await migrationStatus(app.db);
  const bar = await progress(options, 'Migrating', pending.length);
  const stop = onMigrationDone(app, (name) => bar.step(name));
  let applied: string[];
  try {
    applied = pending.length ? await audited(app, 'migrate', { type: 'database' }, () => migrateLatest(app.db)) : [];
  } finally {
    stop();
    await bar.finish();
  }
  await app.db.transaction(seedReferenceData);
  const where = describeDatabase(app.config.databaseUrl);
  await present(
    options,
    { applied },
    {
      kind: 'message',
      lines: applied.length
        ? [`Applied ${applied.length} migration(s) to ${where}:`, ...applied.map((n) => `  ${n}`), 'Reference data is complete.']
        : [`${where} is up to date; reference data is complete.`],
    },
  );
}

export function migrateCommand(): Command {
  return withJson(new Command('migrate'))
    .description('Apply pending database migrations and add missing reference data')
    .option('--status', 'list applied and pending migrations without changing anything')
    .action(async (options: OutputOptions & { status?: boolean }, command: Command) => {
      await withApp(openOptions(command, false), (app) => (options.status ? status(app, options) : migrate(app, options)));
    });
}
