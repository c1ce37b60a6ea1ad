/**
 * The organisation area (a company's own staff) and the catalogue every signed-in user reads
 * (manufacturers, dealers, vessel models). People's names come from the auth module's api.
 */
import Boom from '@hapi/boom';
import type { Db } from '../../db/knex.js';
import * as repo from './repository.js';
import * as staffRepo from './staff-repository.js';

/** What the organisation area needs to know about people. */
export interface People {
  usersByIds(ids: number[]): Promise<Map<number, { email: string; firstName: string; lastName: string }>>;
}

/** A catalogue entry as every signed-in user sees it. */
export interface CatalogueCompany {
  id: number;
  name: string;
  kind: repo.CompanyKind;
  website: string | null;
  countryCode: string | null;
}

export class OrgService {
  constructor(
    private readonly db: Db,
    private readonly people: People,
  ) {}

  /** The caller's company with its staff; 404 for a private person (no company to show). */
  async myOrganisation(userId: number) {
    const { company } = await this.employment(userId);
    const staff = await repo.staffOf(this.db, company.id);
    const users = await this.people.usersByIds(staff.flatMap((s) => (s.userId === null ? [] : [s.userId])));
    return {
      ...company,
      staff: staff.map((s) => {
        const u = s.userId === null ? undefined : users.get(s.userId);
        return {
          id: s.id,
          userId: s.userId,
          email: u?.email ?? s.invitedEmail,
          firstName: u?.firstName ?? '',
          lastName: u?.lastName ?? '',
          role: s.role,
          paused: s.paused,
          status: s.status,
        };
      }),
    };
  }

  /** The caller's role and staff permissions (docs/decisions.md, "Organisations"); every member sees the clients. */
  async permissionsOf(userId: number) {
    const member = await staffRepo.activeStaffOf(this.db, userId);
    if (!member) throw Boom.notFound('You do not belong to an organisation');
    return { role: member.role, paused: member.paused, companyId: member.companyId, ...member.permissions, viewClients: true };
  }

  async companiesOfKind(kind: repo.CompanyKind): Promise<CatalogueCompany[]> {
    return (await repo.companiesOfKind(this.db, kind)).map(({ id, name, kind: k, website, countryCode }) => ({ id, name, kind: k, website, countryCode }));
  }

  /** A company that is not a manufacturer is answered like a missing one. */
  async modelsOf(manufacturerId: number): Promise<repo.VesselModel[]> {
    const company = await repo.findCompany(this.db, manufacturerId);
    if (company?.kind !== 'manufacturer') throw Boom.notFound('Manufacturer not found');
    return repo.vesselModels(this.db, manufacturerId);
  }

  allModels(): Promise<repo.VesselModel[]> {
    return repo.vesselModels(this.db);
  }

  async model(id: number): Promise<repo.VesselModel> {
    const model = await repo.findVesselModel(this.db, id);
    if (!model) throw Boom.notFound('Vessel model not found');
    return model;
  }

  private async employment(userId: number) {
    const employment = await repo.employmentOf(this.db, userId);
    if (!employment) throw Boom.notFound('You do not belong to an organisation');
    return employment;
  }
}
