/**
 * What other modules may ask of the org module (companies and their staff): plain functions
 * taking the database.
 */
import Boom from '@hapi/boom';
import type { Db } from '../../db/knex.js';
import { deleteFile } from '../../platform/files.js';
import { paginate, type Page, type PageRequest } from '../../platform/pagination.js';
import * as repo from './repository.js';
import { clientRowsOfUser, clientsOfCompany } from './clients-repository.js';
import { relationshipsOf } from './relationships-repository.js';
import { technicalStaffCompaniesOf } from './staff-repository.js';
import type { Company } from './repository.js';

export type { Company, CompanyKind } from './repository.js';
/**
 * What the running org module answers (`server.plugins.org.api`): the operations that need its
 * services (mail, events, clock), for the CLI.
 */
export interface OrgApi {
  /**
   * Invites a company's first administrator, who then invites its staff; refused (422) once it
   * has one, 404 for an unknown company, 409 when the person works for another company.
   * `invitedBy` is null for the operator.
   */
  inviteFirstAdministrator(companyId: number, email: string, invitedBy: number | null): Promise<{ email: string; companyId: number }>;
}

export const COMPANY_KINDS: repo.CompanyKind[] = ['dealer', 'manufacturer', 'contractor'];

/** The company a user works for (as active staff), or null for a private person. */
export async function findCompanyOf(db: Db, userId: number): Promise<Company | null> {
  return (await repo.employmentOf(db, userId))?.company ?? null;
}

export const findCompany = (db: Db, id: number): Promise<Company | null> => repo.findCompany(db, id);

export const companiesByIds = (db: Db, ids: number[]): Promise<Map<number, Company>> => repo.companiesByIds(db, ids);
/** company id → name, for the companies that exist among the ids. */
export async function companyNames(db: Db, ids: number[]): Promise<Map<number, string>> {
  return new Map([...(await repo.companiesByIds(db, ids))].map(([id, c]) => [id, c.name]));
}

/**
 * Companies whose vessels the user works on (the access module's directory): active staff holding
 * useTechnicalAccess. Asked on every request, so pausing or removing a member takes effect at once.
 */
export const staffCompaniesOf = (db: Db, userId: number): Promise<Array<{ companyId: number; paused: boolean }>> => technicalStaffCompaniesOf(db, userId);

/** Every staff row of a company, invitations included, oldest first (the admin CLI's `companies staff`). */
export const staffOfCompany = (db: Db, companyId: number): Promise<repo.StaffMember[]> => repo.staffOf(db, companyId);
export type { StaffMember } from './repository.js';

/** The user ids of a company's active, unpaused staff (the alerts module's escalation ladder reaches them). */
export async function activeStaffUserIds(db: Db, companyId: number): Promise<number[]> {
  return (await repo.staffOf(db, companyId)).filter((s) => s.userId !== null && s.status === 'active' && !s.paused).map((s) => s.userId!);
}

/**
 * The people a user's company ties them to (the messaging module's contacts): their own company's
 * staff and active clients, the staff of companies in an accepted relationship with it, and the
 * staff of the companies that count the user as an active client.
 */
export async function companyNetworkOf(
  db: Db,
  userId: number,
): Promise<{ company: Company | null; colleagues: number[]; clients: number[]; partners: number[]; carers: number[] }> {
  const company = await findCompanyOf(db, userId);
  const staffOfAll = async (ids: number[]) => (await Promise.all(ids.map((id) => activeStaffUserIds(db, id)))).flat();
  const carers = await staffOfAll((await clientRowsOfUser(db, userId)).filter((c) => c.status === 'active').map((c) => c.companyId));
  if (!company) return { company, colleagues: [], clients: [], partners: [], carers };
  const rels = (await relationshipsOf(db, company.id)).filter((r) => r.status === 'accepted');
  return {
    company,
    colleagues: await activeStaffUserIds(db, company.id),
    clients: (await clientsOfCompany(db, company.id)).filter((c) => c.status === 'active' && c.userId !== null).map((c) => c.userId!),
    partners: await staffOfAll(rels.map((r) => (r.fromCompanyId === company.id ? r.toCompanyId : r.fromCompanyId))),
    carers,
  };
}

export type { CompanyFilter, CompanyInput, VesselModel, VesselModelInput } from './repository.js';

/** A company as the admin console lists it: with its number of active staff. */
export type AdminCompany = Company & { staffCount: number };

async function withStaff(db: Db, list: Company[]): Promise<AdminCompany[]> {
  const counts = await repo.staffCounts(
    db,
    list.map((c) => c.id),
  );
  return list.map((c) => ({ ...c, staffCount: counts.get(c.id) ?? 0 }));
}

/** A page of companies (docs/api.md paging): `q` matches name, e-mail and website. */
export async function pageCompanies(db: Db, request: PageRequest<repo.CompanyFilter>): Promise<Page<AdminCompany>> {
  const page = await paginate(repo.companiesQuery(db, request.filter), request, repo.COMPANY_SORTS, ['name', 'asc'], repo.toCompany);
  return { totalElements: page.totalElements, content: await withStaff(db, page.content) };
}

export const countCompanies = (db: Db): Promise<number> => repo.countCompanies(db);

/** Creates a dealer, manufacturer or contractor; 409 when one of that kind has the name. */
export async function createCompany(db: Db, kind: repo.CompanyKind, input: repo.CompanyInput): Promise<AdminCompany> {
  if (await repo.companyNameTaken(db, kind, input.name)) throw Boom.conflict(`A ${kind} with this name already exists`);
  const id = await repo.insertCompany(db, kind, input);
  return (await withStaff(db, [(await repo.findCompany(db, id))!]))[0];
}

/** Edits a company's details (its kind stays); 404 unknown, 409 for a name taken by another of its kind. */
export async function updateCompany(db: Db, id: number, input: Partial<repo.CompanyInput>): Promise<AdminCompany> {
  const company = await repo.findCompany(db, id);
  if (!company) throw Boom.notFound('Company not found');
  if (input.name && (await repo.companyNameTaken(db, company.kind, input.name, id))) throw Boom.conflict(`A ${company.kind} with this name already exists`);
  await repo.updateCompany(db, id, input);
  return (await withStaff(db, [(await repo.findCompany(db, id))!]))[0];
}

export const findVesselModel = (db: Db, id: number): Promise<repo.VesselModel | null> => repo.findVesselModel(db, id);

async function checkModel(db: Db, input: Partial<repo.VesselModelInput>, exceptId?: number, current?: repo.VesselModel): Promise<void> {
  const manufacturerId = input.manufacturerId ?? current?.manufacturerId;
  if (input.manufacturerId !== undefined && (await repo.findCompany(db, input.manufacturerId))?.kind !== 'manufacturer') {
    throw Boom.badRequest('manufacturerId is not a manufacturer');
  }
  const name = input.name ?? current?.name;
  if (manufacturerId !== undefined && name && (await repo.modelNameTaken(db, manufacturerId, name, exceptId))) {
    throw Boom.conflict('This manufacturer already has a model with this name');
  }
}

export async function createVesselModel(db: Db, input: repo.VesselModelInput): Promise<repo.VesselModel> {
  await checkModel(db, input);
  return (await repo.findVesselModel(db, await repo.insertVesselModel(db, input)))!;
}

export async function updateVesselModel(db: Db, id: number, input: Partial<repo.VesselModelInput>): Promise<repo.VesselModel> {
  const model = await repo.findVesselModel(db, id);
  if (!model) throw Boom.notFound('Vessel model not found');
  await checkModel(db, input, id, model);
  await repo.updateVesselModel(db, id, input);
  return (await repo.findVesselModel(db, id))!;
}

/** Deletes a model with its image. Whether vessels still use it is the caller's check (the vessel module's table). */
export async function deleteVesselModel(db: Db, id: number): Promise<repo.VesselModel> {
  const model = await repo.findVesselModel(db, id);
  if (!model) throw Boom.notFound('Vessel model not found');
  const image = await repo.modelImageFileId(db, id);
  await repo.deleteVesselModel(db, id);
  await deleteFile(db, image);
  return model;
}

/** Replaces a model's picture with an image already checked and stored; the old file goes. */
export async function setVesselModelImage(db: Db, id: number, fileId: string): Promise<repo.VesselModel> {
  const old = await repo.modelImageFileId(db, id);
  await repo.setModelImage(db, id, fileId);
  await deleteFile(db, old);
  return (await repo.findVesselModel(db, id))!;
}

/** Vessel models by name, of one manufacturer or all. */
export const vesselModelsOf = (db: Db, manufacturerId?: number): Promise<repo.VesselModel[]> => repo.vesselModels(db, manufacturerId);
