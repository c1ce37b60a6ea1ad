/**
 * `backup FILE` and `restore FILE` (docs/operations.md, "Backup and restore"). Both work on the
 * configured DATABASE_URL and DATA_DIR without building the server: a backup runs beside a
 * running server, and a restore must find an empty place.
 */
import { Command } from 'commander';
import { loadConfig } from '../../src/config.js';
import { createDatabase } from '../../src/db/knex.js';
import { migrationStatus } from '../../src/db/migrate.js';
import { createBackup, type ProgressListener } from '../../src/platform/backup/backup.js';
import { restoreBackup } from '../../src/platform/backup/restore.js';
import { describeDatabase } from '../app.js';
import { withJson, type OutputOptions } from '../options.js';
import { present, progress } from '../output.js';

const PERCENT = 100;

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

async function appliedMigrations(url: string): Promise<string[]> {
  const db = createDatabase(url);
  try {
    return (await migrationStatus(db)).applied;
  } finally {
    await db.destroy();
  }
}

/** Runs long work under a progress bar in percent (on a terminal only). */
async function withProgress<T>(options: OutputOptions, title: string, work: (onProgress: ProgressListener) => Promise<T>): Promise<T> {
  const bar = await progress(options, title, PERCENT);
  try {
    return await work((fraction, stage) => bar.set(Math.round(fraction * PERCENT), stage));
  } finally {
    await bar.finish();
  }
}

export function backupCommand(): Command {
  return withJson(new Command('backup'))
    .description('Take a consistent backup of the database and the data directory into FILE (a tar archive), while the server runs')
    .argument('<file>', 'the archive to write; it must not exist yet')
    .action(async (file: string, options: OutputOptions) => {
      const config = loadConfig();
      const result = await withProgress(options, 'Backing up', (onProgress) =>
        createBackup(config, file, onProgress, () => appliedMigrations(config.databaseUrl)),
      );
      await present(options, result, {
        kind: 'message',
        lines: [
          `Backed up ${describeDatabase(config.databaseUrl)} and ${result.entries.length - 1} file(s) of ${config.dataDir}`,
          `into ${result.file} (${megabytes(result.bytes)}).`,
          `SHA-256 ${result.sha256} (also in ${result.file}.sha256).`,
        ],
      });
    });
}

export function restoreCommand(): Command {
  return withJson(new Command('restore'))
    .description('Restore a backup into an empty place (DATABASE_URL and DATA_DIR must not hold a database yet); refuses a running server')
    .argument('<file>', 'an archive written by "vessel-link backup"')
    .action(async (file: string, options: OutputOptions) => {
      const config = loadConfig();
      const result = await withProgress(options, 'Restoring', (onProgress) => restoreBackup(config, file, onProgress));
      await present(options, result, {
        kind: 'message',
        lines: [
          `Restored the backup of ${result.createdAt} into ${describeDatabase(config.databaseUrl)} and ${result.files} file(s) into ${config.dataDir}.`,
          result.archiveChecksum === 'matches'
            ? 'The archive matched its .sha256 file; every entry matched the manifest.'
            : 'Every entry matched the manifest (no .sha256 file beside the archive).',
          `Start the server on it: migrations newer than the backup's ${result.migrations} run at start.`,
        ],
      });
    });
}
