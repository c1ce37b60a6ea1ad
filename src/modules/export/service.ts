/**
 * The export of a vessel's whole record (docs/decisions.md, "Export"; the layout in
 * contracts/export.ts): the record is read first, so a refusal is still an answer in the
 * envelope; then the archive is written while it is downloaded: vessel.json, the documents, the
 * track, the history, and manifest.json last. A download the client leaves stops the writing.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AuthCredentials, Server } from '@hapi/hapi';
import { SUBSCRIPTION_TERMS } from '../../../contracts/billing.js';
import { EXPORT_FORMAT, EXPORT_VERSION, type ExportManifest, type ExportRecord, type ManifestEntry } from '../../../contracts/export.js';
import type { Database } from '../../db/knex.js';
import { recordAudit } from '../../platform/audit.js';
import { ArchiveStream } from '../../platform/backup/archive.js';
import { slug } from '../../platform/download-formats.js';
import type { Logger } from '../../platform/logger.js';
import { type Limiter, tooManyRequests } from '../../platform/rate-limit.js';
import { type AccessApi, type AccessNeed, allows, DEVICES_VIEW, type VesselScope } from '../access/api.js';
import { showsPosition } from '../telemetry/api.js';
import { addHistory, addTrack } from './history.js';
import { CallerReads, readRecord, type RecordDevice, type RecordDocument } from './record.js';

const DAY_MS = 24 * 3600 * 1000;

/**
 * Who may export (docs/decisions.md, "Export"): the owner, and whoever manages the vessel's
 * people (userManager MANAGE), since the archive carries the members and everything they wrote.
 */
export const EXPORTERS: readonly AccessNeed[] = [{ area: 'userManager', level: 'MANAGE' }];

/** Exports a user may start an hour: each reads everything the vessel holds. */
export const EXPORT_LIMIT = { points: 10, windowSeconds: 3600 } as const;

/** The vessel's audit log records each export. */
export const EXPORT_ACTION = 'vessel exported';

export interface ExportDeps {
  server: Server;
  db: Database;
  log: Logger;
  access: Pick<AccessApi, 'cloudServices'>;
  now: () => number;
  /** Exports a user may start (docs/decisions.md, "Export"). */
  perUser: Limiter;
}

export interface ExportDownload {
  filename: string;
  body: ArchiveStream['body'];
  /** Stops the writing (the client went away). */
  abort(): void;
}

export class VesselExports {
  /** Users with an export running on this node: one at a time each. */
  private readonly running = new Set<number>();

  constructor(private readonly deps: ExportDeps) {}

  async start(scope: VesselScope, credentials: AuthCredentials, ip: string | null): Promise<ExportDownload> {
    const userId = scope.caller.id;
    if (this.running.has(userId)) throw tooManyRequests(60, 'An export of yours is still running. Please wait for it to finish.');
    await this.deps.perUser.consume(String(userId));
    this.running.add(userId);
    try {
      const startedMs = this.deps.now();
      const { sections, omitted } = await readRecord(new CallerReads(this.deps.server, credentials), scope.vesselId);
      const record: ExportRecord = {
        format: EXPORT_FORMAT,
        version: EXPORT_VERSION,
        exportedAt: new Date(startedMs).toISOString(),
        exportedBy: { userId, email: scope.caller.email },
        vesselId: scope.vesselId,
        sections,
        omitted,
      };
      await recordAudit(this.deps.db, {
        actorId: userId,
        actorEmail: scope.caller.email,
        action: EXPORT_ACTION,
        targetType: 'vessel',
        targetId: String(scope.vesselId),
        vesselId: scope.vesselId,
        outcome: 200,
        ip,
      });
      const vesselName = (sections.vessel as { name?: string } | undefined)?.name ?? 'vessel';
      const archive = new ArchiveStream(startedMs);
      void this.write(archive, scope, record, credentials, vesselName)
        .catch((err: Error) => {
          if (!archive.body.destroyed) this.deps.log.error('vessel export failed', { vesselId: scope.vesselId, error: err });
          archive.fail(err);
        })
        .finally(() => this.running.delete(userId));
      return {
        filename: `${slug(vesselName, 'vessel')}-${record.exportedAt.slice(0, 10)}.tar`,
        body: archive.body,
        abort: () => archive.fail(new Error('The download was left')),
      };
    } catch (err) {
      this.running.delete(userId);
      throw err;
    }
  }

  private async write(archive: ArchiveStream, scope: VesselScope, record: ExportRecord, credentials: AuthCredentials, vesselName: string) {
    const entries: ManifestEntry[] = [];
    const add = async (name: string, content: Buffer, extra: Partial<ManifestEntry> = {}) => {
      await archive.addBuffer(name, content);
      entries.push({ name, bytes: content.length, ...extra });
    };
    await add('vessel.json', Buffer.from(JSON.stringify(record, null, 2)));

    const reads = new CallerReads(this.deps.server, credentials);
    for (const doc of (record.sections.documents as RecordDocument[] | undefined) ?? []) {
      const file = await reads.file(`/api/vessel/${scope.vesselId}/documents/${doc.id}/file`);
      if (!('data' in file)) continue;
      const name = `documents/${doc.id}-${(file.filename ?? slug(doc.name, 'document')).slice(0, 80)}`;
      await add(name, file.data, { documentId: doc.id });
    }

    const fromMs = await this.historyFloor(scope.vesselId);
    const toMs = this.deps.now();
    const devices = record.sections.devices as RecordDevice[] | undefined;
    if (scope.bridge && devices && allows(scope.access, DEVICES_VIEW)) {
      const scratch = await mkdtemp(join(tmpdir(), 'vessel-link-export-'));
      try {
        const target = { db: this.deps.db, archive, scratch, bridgeId: scope.bridge.id, fromMs, toMs, entries };
        if (allows(scope.access, { flag: 'allowLocationServices' }) && (await showsPosition(this.deps.db, scope.vesselId))) await addTrack(target, vesselName);
        await addHistory(target, devices);
      } finally {
        await rm(scratch, { recursive: true, force: true });
      }
    }

    const manifest: ExportManifest = {
      format: EXPORT_FORMAT,
      version: EXPORT_VERSION,
      vesselId: scope.vesselId,
      startedAt: record.exportedAt,
      finishedAt: new Date(this.deps.now()).toISOString(),
      historyFrom: Number.isFinite(fromMs) ? new Date(fromMs).toISOString() : null,
      entries,
      complete: true,
    };
    await archive.addBuffer('manifest.json', Buffer.from(JSON.stringify(manifest, null, 2)));
    // Done before the last bytes go, so the next export of the caller who has them all may start.
    this.running.delete(scope.caller.id);
    await archive.close();
  }

  /**
   * How far back history goes (the unsubscribed-vessel rule of telemetry's range.ts): all of it
   * while the cloud services are on; otherwise the test period's length before they ended.
   */
  private async historyFloor(vesselId: number): Promise<number> {
    const services = await this.deps.access.cloudServices(vesselId);
    if (services.active) return -Infinity;
    const span = SUBSCRIPTION_TERMS.testPeriodDays * DAY_MS;
    const endedMs = services.endedAt ? Date.parse(services.endedAt) : this.deps.now();
    return endedMs - span;
  }
}
