/**
 * Technical access from the company's side (docs/api.md, "Organisation"): the company fleet —
 * every vessel whose owner gave the company access (`addCompany`), with online and banner state,
 * active alarms and position — and, for manufacturers, their models, the vessels built on them
 * whose owners consented (`mfrAccess`), and alarm statistics per model.
 */
import Boom from '@hapi/boom';
import type { Db } from '../../db/knex.js';
import {
  ALARM_PRIORITIES,
  type AlarmPriority,
  type CompanyFleet,
  type ModelStats,
  type ModelVessel,
  type ModelVesselDetail,
} from '../../../contracts/organisation.js';
import { type AccessApi, allows, grantsOfCompany } from '../access/api.js';
import type { VesselDirectory } from './directory.js';
import { type Clock, fullName, membershipOf, type People } from './membership.js';
import * as repo from './repository.js';
import * as staffRepo from './staff-repository.js';

const STATS_DAYS = 30;
const zeroCounts = (): Record<AlarmPriority, number> => ({ emergency: 0, alarm: 0, warning: 0, caution: 0 });

export class FleetService {
  constructor(
    private readonly db: Db,
    private readonly people: People,
    private readonly vessels: VesselDirectory,
    private readonly access: () => AccessApi,
    private readonly clock: Clock,
  ) {}

  /** The company's fleet as the caller reaches it (needs useTechnicalAccess). */
  async fleet(userId: number): Promise<CompanyFleet> {
    const { company } = await membershipOf(this.db, userId, 'useTechnicalAccess');
    const grants = await grantsOfCompany(this.db, company.id, this.clock.now());
    const accesses = await this.access().accessesOf(userId);
    const reach = new Map(grants.flatMap((g) => (accesses.has(g.vesselId) ? [[g.vesselId, accesses.get(g.vesselId)!] as const] : [])));
    const views = await this.vessels.vesselViews(this.db, [...reach.keys()], reach);
    const staff = (await staffRepo.staffOfCompany(this.db, company.id)).filter(
      (s) => s.status === 'active' && !s.paused && s.permissions.useTechnicalAccess && s.userId !== null,
    );
    const users = await this.people.usersByIds([...views.map((v) => v.ownerId), ...staff.map((s) => s.userId!)]);
    const vessels = [];
    for (const v of views) {
      const access = reach.get(v.id)!;
      const location = allows(access, { area: 'deviceManager', level: 'VIEW' }) ? await this.vessels.currentLocation(this.db, v.id) : null;
      vessels.push({
        id: v.id,
        name: v.name,
        modelId: v.modelId,
        ownerId: v.ownerId,
        ownerName: fullName(users.get(v.ownerId), null),
        online: v.online,
        lastSeen: v.lastSeen,
        bannerState: v.bannerState,
        activeAlertCount: v.activeAlertCount,
        paused: access.paused,
        position: location ? { lat: location.lat, lon: location.lon, timestamp: location.timestamp } : null,
        permissions: access.permissions,
      });
    }
    return {
      vessels,
      staff: staff.map((s) => {
        const u = users.get(s.userId!);
        return { id: s.id, name: fullName(u, s.invitedEmail), email: u?.email ?? s.invitedEmail };
      }),
    };
  }

  /** A manufacturer's models with the consenting vessels and their alarms of the last 30 days per priority. */
  async modelStats(userId: number): Promise<ModelStats[]> {
    const { company } = await membershipOf(this.db, userId);
    if (company.kind !== 'manufacturer') throw Boom.notFound('Only manufacturers have vessel models');
    const models = await repo.vesselModels(this.db, company.id);
    const vessels = await this.vessels.consentingVesselsOfModels(
      this.db,
      models.map((m) => m.id),
    );
    const since = new Date(this.clock.now() - STATS_DAYS * 24 * 3600 * 1000).toISOString();
    const counts = await this.vessels.alarmCountsByPriority(
      this.db,
      vessels.map((v) => v.id),
      since,
    );
    return models.map((m) => {
      const alarms = zeroCounts();
      const built = vessels.filter((v) => v.modelId === m.id);
      for (const v of built) for (const p of ALARM_PRIORITIES) alarms[p] += counts.get(v.id)?.[p] ?? 0;
      return { modelId: m.id, name: m.name, vesselCount: built.length, alarms, imageUrl: m.imageUrl };
    });
  }

  /** The model, when the caller is its manufacturer's active, unpaused staff or an administrator; 404 otherwise. */
  private async modelOf(caller: { id: number; isAdmin: boolean }, modelId: number): Promise<repo.VesselModel> {
    const model = await repo.findVesselModel(this.db, modelId);
    const staff = caller.isAdmin ? null : await staffRepo.activeStaffOf(this.db, caller.id);
    const mine = caller.isAdmin || (model !== null && staff !== null && !staff.paused && staff.companyId === model.manufacturerId);
    if (!model || !mine) throw Boom.notFound('Vessel model not found');
    return model;
  }

  private since(): string {
    return new Date(this.clock.now() - STATS_DAYS * 24 * 3600 * 1000).toISOString();
  }

  /**
   * GET vesselModels/{id}/vessels: the vessels built on a model whose owners consented, for the
   * model's manufacturer (and platform administrators); anyone else gets 404.
   */
  async vesselsOfModel(caller: { id: number; isAdmin: boolean }, modelId: number): Promise<ModelVessel[]> {
    const model = await this.modelOf(caller, modelId);
    const vessels = await this.vessels.consentingVesselsOfModels(this.db, [model.id]);
    const views = await this.vessels.vesselViews(
      this.db,
      vessels.map((v) => v.id),
      new Map(),
    );
    const counts = await this.vessels.alarmCountsByPriority(
      this.db,
      vessels.map((v) => v.id),
      this.since(),
    );
    return views.map((v) => ({
      id: v.id,
      name: v.name,
      modelId: v.modelId,
      online: v.online,
      lastSeen: v.lastSeen,
      bannerState: v.bannerState,
      alarms: counts.get(v.id) ?? zeroCounts(),
    }));
  }

  /**
   * GET vesselModels/{id}/vessels/{vesselId}: one consenting vessel of the model, read-only — its
   * model, online state and alarms of the last 30 days (docs/decisions.md, "What a manufacturer
   * sees of a consenting vessel"). A vessel of another model, or whose owner has not consented
   * (or no longer does), is 404 like a model that is not the caller's.
   */
  async vesselOfModel(caller: { id: number; isAdmin: boolean }, modelId: number, vesselId: number): Promise<ModelVesselDetail> {
    const model = await this.modelOf(caller, modelId);
    const consenting = await this.vessels.consentingVesselsOfModels(this.db, [model.id]);
    if (!consenting.some((v) => v.id === vesselId)) throw Boom.notFound('Vessel not found');
    const [view] = await this.vessels.vesselViews(this.db, [vesselId], new Map());
    if (!view) throw Boom.notFound('Vessel not found');
    const since = this.since();
    const alarmLog = await this.vessels.alarmsRaisedSince(this.db, vesselId, since);
    const alarms = (await this.vessels.alarmCountsByPriority(this.db, [vesselId], since)).get(vesselId) ?? zeroCounts();
    return {
      id: view.id,
      name: view.name,
      model: { id: model.id, name: model.name, lengthM: model.lengthM, imageUrl: model.imageUrl },
      online: view.online,
      lastSeen: view.lastSeen,
      since,
      alarms,
      alarmLog: alarmLog.map((a) => ({
        id: a.id,
        priority: a.priority,
        message: a.message,
        deviceName: a.deviceName,
        propertyName: a.propertyName,
        raisedAt: a.raisedAt,
        clearedAt: a.clearedAt,
      })),
    };
  }
}
