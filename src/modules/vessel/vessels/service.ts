/**
 * Vessels themselves: the caller's fleet, one vessel with the caller's permissions, creating,
 * editing, the picture, the settings toggles, and deletion with an e-mailed code.
 */
import Boom from '@hapi/boom';
import type { Database } from '../../../db/knex.js';
import { ruleRefused } from '../../../platform/errors.js';
import { translator, type MailLanguage } from '../../../platform/i18n.js';
import { deleteFile, detectImage, readFile, storeFile } from '../../../platform/files.js';
import type { EventBus } from '../../../platform/events.js';
import type { Clock } from '../../../platform/clock.js';
import type { Caller } from '../../../platform/routes.js';
import type { AccessApi, PermissionSet, VesselAccess, VesselScope } from '../../access/api.js';
import type { PairingEnd } from '../pairing/end.js';
import { type Page, type PageRequest, paginate } from '../../../platform/pagination.js';
import * as repo from './repository.js';
import { type AlertCounts, vesselImageUrl, vesselViews, type VesselView } from './view.js';

/** What vessels need to know about who may reach them. */
export type VesselAccessLookup = Pick<AccessApi, 'accessesOf' | 'requireAccess'>;

/** E-mailed one-time codes (the auth module's), for the two-step deletion. */
export interface Confirmations {
  sendConfirmationCode(userId: number, purpose: 'delete_vessel', targetId: string, what: (language: MailLanguage) => string): Promise<unknown>;
  consumeConfirmationCode(userId: number, purpose: 'delete_vessel', code: string): Promise<string>;
}

export type VesselToggle = 'userNotifications' | 'propertyUpdate' | 'gpsReporting' | 'mfrAccess';

/** Optional text left blank means "none". */
const blankToNull = <T extends object>(fields: T): T => Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v === '' ? null : v])) as T;

export class VesselService {
  constructor(
    private readonly db: Database,
    private readonly access: VesselAccessLookup,
    private readonly confirmations: Confirmations,
    private readonly alertCounts: AlertCounts,
    private readonly events: EventBus,
    private readonly pairingEnd: PairingEnd,
    private readonly clock: Clock,
  ) {}

  private views(vessels: repo.VesselRow[], access: Map<number, VesselAccess>) {
    return vesselViews(this.db, vessels, access, this.alertCounts, new Date(this.clock.now()));
  }

  /**
   * Every vessel for the platform's administrator (POST admin/vessels/page): with its owner, bridge,
   * services and active alert count; `q` searches the vessel's name and the owner's address.
   */
  async adminPage(
    request: PageRequest<{ q?: string; alerting?: boolean }>,
    people: { findUserByEmail(email: string): Promise<{ id: number } | null>; usersByIds(ids: number[]): Promise<Map<number, { email: string }>> },
  ): Promise<Page<VesselView & { ownerEmail: string | null }>> {
    const q = request.filter?.q?.trim();
    const owner = q && q.includes('@') ? await people.findUserByEmail(q) : null;
    // "With active alerts": the vessels the alerts module counts any for.
    const alerting = request.filter?.alerting
      ? [...(await this.alertCounts(this.db, await repo.allVesselIds(this.db)))].filter(([, n]) => n > 0).map(([id]) => id)
      : undefined;
    const page = await paginate(
      repo.adminVesselsQuery(this.db, { q, ownerIds: owner ? [owner.id] : [], ids: alerting }),
      request,
      repo.ADMIN_VESSEL_SORTS,
      ['name', 'asc'],
      repo.toVessel,
    );
    const [views, owners, alerts] = await Promise.all([
      this.views(page.content, new Map()),
      people.usersByIds([...new Set(page.content.map((v) => v.ownerId))]),
      this.alertCounts(
        this.db,
        page.content.map((v) => v.id),
      ),
    ]);
    return {
      totalElements: page.totalElements,
      content: views.map((view) => ({ ...view, activeAlertCount: alerts.get(view.id) ?? 0, ownerEmail: owners.get(view.ownerId)?.email ?? null })),
    };
  }

  /** The caller's vessels; a paused access is refused everything (docs/api.md), its vessel's name included. */
  async fleetOf(userId: number): Promise<VesselView[]> {
    const access = new Map([...(await this.access.accessesOf(userId))].filter(([, a]) => !a.paused));
    return this.views(await repo.vesselsByIds(this.db, [...access.keys()]), access);
  }

  async viewOf(access: VesselAccess): Promise<VesselView & { permissions: PermissionSet; accessUntil: string | null }> {
    const vessel = await repo.findVessel(this.db, access.vesselId);
    if (!vessel) throw Boom.notFound('Vessel not found');
    const [view] = await this.views([vessel], new Map([[vessel.id, access]]));
    // A company's staff see until when their company's grant runs.
    return { ...view, permissions: access.permissions, accessUntil: access.companyGrant?.endsAt ?? null };
  }

  async create(caller: Caller, fields: repo.VesselFields & { name: string }, image: Buffer | null): Promise<VesselView & { permissions: PermissionSet }> {
    const stored = image ? await storeFile(this.db, { data: image, mime: detectImage(image), ownerUserId: caller.id }) : null;
    const id = await repo.insertVessel(this.db, caller.id, { ...blankToNull(fields), imageFileId: stored?.id ?? null }).catch(async (err: unknown) => {
      await deleteFile(this.db, stored?.id ?? null);
      throw err;
    });
    return this.viewOf(await this.access.requireAccess(caller.id, id));
  }

  async edit(scope: VesselScope, fields: repo.VesselFields): Promise<VesselView & { permissions: PermissionSet }> {
    await repo.updateVessel(this.db, scope.vesselId, blankToNull(fields));
    return this.viewOf(scope.access);
  }

  async setToggle(vesselId: number, toggle: VesselToggle, state: boolean): Promise<void> {
    await repo.updateVessel(this.db, vesselId, { [toggle]: state });
    if (toggle !== 'gpsReporting' && toggle !== 'propertyUpdate') return;
    const vessel = await repo.findVessel(this.db, vesselId);
    if (vessel) this.events.emit('vessel.reporting', { vesselId, gpsReporting: vessel.gpsReporting, propertyUpdate: vessel.propertyUpdate });
  }

  async replaceImage(scope: VesselScope, image: Buffer): Promise<{ imageUrl: string | null }> {
    const stored = await storeFile(this.db, { data: image, mime: detectImage(image), ownerUserId: scope.caller.id });
    const before = await repo.findVessel(this.db, scope.vesselId);
    await repo.updateVessel(this.db, scope.vesselId, { imageFileId: stored.id });
    await deleteFile(this.db, before?.imageFileId ?? null);
    return { imageUrl: vesselImageUrl({ id: scope.vesselId, imageFileId: stored.id }) };
  }

  /** The picture's bytes, for a caller whose access was checked on this very request. */
  async image(vesselId: number): Promise<{ id: string; data: Buffer; mime: string }> {
    const vessel = await repo.findVessel(this.db, vesselId);
    const file = vessel?.imageFileId ? await readFile(this.db, vessel.imageFileId) : null;
    if (!file) throw Boom.notFound('This vessel has no picture');
    return { id: file.id, data: file.data, mime: file.mime };
  }

  async requestDeletion(scope: VesselScope): Promise<void> {
    const vessel = await repo.findVessel(this.db, scope.vesselId);
    if (!vessel) throw Boom.notFound('Vessel not found');
    await this.confirmations.sendConfirmationCode(scope.caller.id, 'delete_vessel', String(vessel.id), (language) =>
      translator(language, 'vessel')('code.deleteVessel', { vessel: vessel.name }),
    );
  }

  /** Deletes the vessel named by the caller's own code; the caller must still own it. */
  async confirmDeletion(caller: Caller, code: string): Promise<number> {
    const vesselId = Number(await this.confirmations.consumeConfirmationCode(caller.id, 'delete_vessel', code));
    await this.access.requireAccess(caller.id, vesselId, { owner: true });
    const vessel = await repo.findVessel(this.db, vesselId);
    if (!vessel) throw ruleRefused('This vessel no longer exists');
    // The bridge goes back to the unpaired pool with a fresh pairing code, and what it reported goes with the vessel.
    await this.pairingEnd.of(vesselId, (trx) => repo.deleteVessel(trx, vesselId));
    this.events.emit('access.changed', {});
    await deleteFile(this.db, vessel.imageFileId);
    return vesselId;
  }
}
