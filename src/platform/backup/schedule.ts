/**
 * Scheduled backups (docs/operations.md, "Backup and restore"): with BACKUP_DIR set, the running
 * server takes a backup every BACKUP_EVERY into that directory and keeps the newest BACKUP_KEEP.
 * The last outcome is kept for the admin overview and the logs.
 */
import { readdirSync } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { BackupStatus } from '../../../contracts/admin.js';
import type { Config } from '../../config.js';
import type { Logger } from '../logger.js';
import type { Scheduler } from '../scheduler.js';
import { createBackup } from './backup.js';

const NAME = /^vessel-link-\d{8}T\d{6}Z\.tar$/;

export class BackupSchedule {
  private started = false;
  private running: Promise<void> | null = null;
  readonly status: BackupStatus;

  constructor(
    private readonly config: Config,
    private readonly log: Logger,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.status = { dir: config.backup.dir, lastAt: null, lastFile: null, lastBytes: null, lastError: null, nextAt: null };
  }

  /** Puts the backups on the scheduler (every BACKUP_EVERY, once per cluster); nothing without BACKUP_DIR. */
  schedule(scheduler: Scheduler): void {
    if (!this.config.backup.dir) return;
    scheduler.every('backups', this.config.backup.everyMs, () => this.run());
  }

  /** The server started: the first scheduled backup is one period away. */
  start(): void {
    if (!this.config.backup.dir) return;
    this.started = true;
    this.status.nextAt = new Date(this.now().getTime() + this.config.backup.everyMs).toISOString();
  }

  async stop(): Promise<void> {
    this.started = false;
    await this.running;
  }

  /** Takes one backup now and removes those past the number kept; never throws (the outcome is in `status`). */
  run(): Promise<void> {
    this.running ??= this.backup().finally(() => (this.running = null));
    return this.running;
  }

  private async backup(): Promise<void> {
    const dir = this.config.backup.dir;
    if (!dir) return;
    const at = this.now();
    const file = join(
      dir,
      `vessel-link-${at
        .toISOString()
        .replace(/[-:]/g, '')
        .replace(/\.\d+Z$/, 'Z')}.tar`,
    );
    try {
      await mkdir(dir, { recursive: true });
      const result = await createBackup(this.config, file);
      Object.assign(this.status, { lastAt: at.toISOString(), lastFile: result.file, lastBytes: result.bytes, lastError: null });
      this.log.info('backup taken', { file: result.file, bytes: result.bytes });
      const old = readdirSync(dir)
        .filter((name) => NAME.test(name))
        .sort()
        .slice(0, -this.config.backup.keep);
      for (const name of old) {
        await rm(join(dir, name), { force: true });
        await rm(join(dir, `${name}.sha256`), { force: true });
      }
    } catch (err) {
      this.status.lastError = (err as Error).message;
      this.log.error('scheduled backup failed', { file, error: err });
    } finally {
      if (this.started) this.status.nextAt = new Date(this.now().getTime() + this.config.backup.everyMs).toISOString();
    }
  }
}
