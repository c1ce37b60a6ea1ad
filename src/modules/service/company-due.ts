/**
 * A company's services due (docs/api.md, "Service schedules"): every maintenance item on the
 * vessels its clients gave it technical access to, overdue first, then by due date. Staff see the
 * vessels they reach through the company's grant (useTechnicalAccess, deviceManager VIEW); the
 * admin CLI asks for a whole company.
 */
import Boom from '@hapi/boom';
import type { Db } from '../../db/knex.js';
import type { ServiceDueEntry } from '../../../contracts/service.js';
import { type AccessApi, allows, atLeast, grantsOfCompany } from '../access/api.js';
import { findCompanyOf, staffCompaniesOf } from '../org/api.js';
import { byUrgency } from './due.js';
import * as repo from './repository.js';
import type { Clock, ServiceSchedules } from './schedules.js';

export class CompanyServicesDue {
  constructor(
    private readonly db: Db,
    private readonly schedules: ServiceSchedules,
    private readonly clock: Clock,
    private readonly access: () => AccessApi,
  ) {}

  /** What the caller's company has due, on the vessels the caller reaches through it. */
  async ofCaller(userId: number): Promise<ServiceDueEntry[]> {
    const company = await findCompanyOf(this.db, userId);
    if (!company) throw Boom.notFound('You do not belong to an organisation');
    const place = (await staffCompaniesOf(this.db, userId)).find((c) => c.companyId === company.id);
    if (!place) throw Boom.forbidden('You do not have the useTechnicalAccess permission in your organisation');
    if (place.paused) throw Boom.forbidden('Your place in the organisation is paused');
    const accesses = await this.access().accessesOf(userId);
    const vesselIds = (await grantsOfCompany(this.db, company.id, this.clock.now())).flatMap((g) => {
      const access = accesses.get(g.vesselId);
      return access && allows(access, { area: 'deviceManager', level: 'VIEW' }) ? [g.vesselId] : [];
    });
    return this.dueOn(vesselIds);
  }

  /** Everything a company has due on the vessels its active, unpaused grants reach (operators). */
  async ofCompany(companyId: number): Promise<ServiceDueEntry[]> {
    const grants = await grantsOfCompany(this.db, companyId, this.clock.now());
    return this.dueOn(grants.filter((g) => g.status === 'active' && !g.paused && atLeast(g.permissions.deviceManager, 'VIEW')).map((g) => g.vesselId));
  }

  private async dueOn(vesselIds: number[]): Promise<ServiceDueEntry[]> {
    const ids = [...new Set(vesselIds)];
    const names = await this.access().vesselNames(ids);
    const items = await repo.itemsOf(this.db, ids);
    const entries: ServiceDueEntry[] = [];
    for (const vesselId of ids) {
      const engines = await this.schedules.engines(vesselId);
      for (const item of items.filter((i) => i.vesselId === vesselId))
        entries.push({ ...this.schedules.view(item, engines), vesselName: names.get(vesselId) ?? '' });
    }
    return entries.sort((a, b) => byUrgency(a.due, b.due) || a.vesselName.localeCompare(b.vesselName) || a.id - b.id);
  }
}
