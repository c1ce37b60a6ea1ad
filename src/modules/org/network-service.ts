/**
 * A company among others (docs/api.md, "Organisation"): relationships with other companies (one
 * asks, the other accepts), the contacts book, and the invitations a person received from
 * companies (as client or staff), which they accept or decline themselves.
 */
import Boom from '@hapi/boom';
import type { Db } from '../../db/knex.js';
import { nowIso } from '../../db/knex.js';
import { ruleRefused } from '../../platform/errors.js';
import type { Contact, Contacts, Invitation, RelationshipView } from '../../../contracts/organisation.js';
import * as clientsRepo from './clients-repository.js';
import { type Clock, fullName, isExpired, membershipOf, type People } from './membership.js';
import * as relRepo from './relationships-repository.js';
import * as repo from './repository.js';
import * as staffRepo from './staff-repository.js';

const relationshipMissing = () => Boom.notFound('Relationship not found');
const invitationMissing = () => Boom.notFound('Invitation not found');

export class NetworkService {
  constructor(
    private readonly db: Db,
    private readonly people: People,
    private readonly clock: Clock,
  ) {}

  async relationships(userId: number): Promise<RelationshipView[]> {
    const { company } = await membershipOf(this.db, userId);
    const rels = await relRepo.relationshipsOf(this.db, company.id);
    const others = await repo.companiesByIds(
      this.db,
      rels.map((r) => (r.fromCompanyId === company.id ? r.toCompanyId : r.fromCompanyId)),
    );
    return rels.flatMap((r) => {
      const other = others.get(r.fromCompanyId === company.id ? r.toCompanyId : r.fromCompanyId);
      if (!other) return [];
      return [
        {
          id: r.id,
          company: { id: other.id, name: other.name, kind: other.kind },
          status: r.status,
          direction: r.fromCompanyId === company.id ? ('outgoing' as const) : ('incoming' as const),
          createdAt: r.createdAt,
        },
      ];
    });
  }

  async createRelationship(userId: number, otherId: number): Promise<RelationshipView> {
    const { company } = await membershipOf(this.db, userId, 'manageRelationships');
    if (otherId === company.id) throw ruleRefused('A company cannot have a relationship with itself');
    if (!(await repo.findCompany(this.db, otherId))) throw Boom.notFound('Company not found');
    if (await relRepo.relationshipBetween(this.db, company.id, otherId)) throw Boom.conflict('There is already a relationship with this company');
    const id = await relRepo.insertRelationship(this.db, company.id, otherId, userId);
    return this.relationship(userId, id);
  }

  /** Only the company that was asked accepts. */
  async acceptRelationship(userId: number, id: number): Promise<RelationshipView> {
    const { company } = await membershipOf(this.db, userId, 'manageRelationships');
    const rel = await relRepo.findRelationship(this.db, company.id, id);
    if (!rel) throw relationshipMissing();
    if (rel.toCompanyId !== company.id) throw ruleRefused('Only the company that was asked can accept the relationship');
    if (rel.status !== 'accepted') await relRepo.acceptRelationship(this.db, rel.id);
    return this.relationship(userId, rel.id);
  }

  /** Either side ends a relationship (or withdraws or declines a request). */
  async removeRelationship(userId: number, id: number): Promise<void> {
    const { company } = await membershipOf(this.db, userId, 'manageRelationships');
    const rel = await relRepo.findRelationship(this.db, company.id, id);
    if (!rel) throw relationshipMissing();
    await relRepo.deleteRelationship(this.db, rel.id);
  }

  /** The company's people and partners: active clients and staff, and companies it has an accepted relationship with, by kind. */
  async contacts(userId: number): Promise<Contacts> {
    const { company } = await membershipOf(this.db, userId);
    const [clients, staff, rels] = await Promise.all([
      clientsRepo.clientsOfCompany(this.db, company.id),
      staffRepo.staffOfCompany(this.db, company.id),
      relRepo.relationshipsOf(this.db, company.id),
    ]);
    const activeClients = clients.filter((c) => c.status === 'active' && c.userId !== null);
    const activeStaff = staff.filter((s) => s.status === 'active' && s.userId !== null);
    const users = await this.people.usersByIds([...activeClients, ...activeStaff].map((p) => p.userId!));
    const person = (id: number, uid: number, kind: Contact['kind']): Contact => {
      const u = users.get(uid);
      return { id, name: fullName(u, null), email: u?.email ?? null, kind };
    };
    const partners = await repo.companiesByIds(
      this.db,
      rels.filter((r) => r.status === 'accepted').map((r) => (r.fromCompanyId === company.id ? r.toCompanyId : r.fromCompanyId)),
    );
    const ofKind = (kind: repo.CompanyKind): Contact[] =>
      [...partners.values()].filter((c) => c.kind === kind).map((c) => ({ id: c.id, name: c.name, email: c.email, kind }));
    const byName = (a: Contact, b: Contact) => a.name.localeCompare(b.name);
    return {
      clients: activeClients.map((c) => person(c.id, c.userId!, 'client')).sort(byName),
      contractors: ofKind('contractor').sort(byName),
      dealers: ofKind('dealer').sort(byName),
      manufacturers: ofKind('manufacturer').sort(byName),
      staff: activeStaff.map((s) => person(s.id, s.userId!, 'staff')).sort(byName),
    };
  }

  /** The caller's own invitations from companies that have not expired. */
  async invitations(userId: number): Promise<Invitation[]> {
    const now = this.clock.now();
    const clientRows = (await clientsRepo.clientRowsOfUser(this.db, userId)).filter((c) => c.status === 'pending' && !isExpired(c, now));
    const staffRow = await staffRepo.staffRowOfUser(this.db, userId);
    const staffRows = staffRow && staffRow.status === 'pending' && !isExpired(staffRow, now) ? [staffRow] : [];
    const companies = await repo.companiesByIds(
      this.db,
      [...clientRows, ...staffRows].map((r) => r.companyId),
    );
    const entry = (kind: Invitation['kind'], r: { id: number; companyId: number; expiresAt: string | null }): Invitation[] => {
      const c = companies.get(r.companyId);
      return c ? [{ id: r.id, kind, company: { id: c.id, name: c.name, kind: c.kind }, expiresAt: r.expiresAt }] : [];
    };
    return [...staffRows.flatMap((r) => entry('staff', r)), ...clientRows.flatMap((r) => entry('client', r))];
  }

  /** Accepts one's own invitation; someone else's answers 404, an expired one 418. */
  async answer(
    userId: number,
    kind: Invitation['kind'],
    id: number,
    accept: boolean,
  ): Promise<{ id: number; kind: Invitation['kind']; status: 'active' | 'declined' }> {
    const row =
      kind === 'client'
        ? (await clientsRepo.clientRowsOfUser(this.db, userId)).find((c) => c.id === id)
        : await staffRepo.staffRowOfUser(this.db, userId).then((s) => (s?.id === id ? s : undefined));
    if (!row || row.status !== 'pending') throw invitationMissing();
    if (accept && isExpired(row, this.clock.now())) throw ruleRefused('This invitation has expired: ask the company to send it again');
    if (!accept) {
      if (kind === 'client') await clientsRepo.deleteClient(this.db, id);
      else await staffRepo.deleteStaff(this.db, id);
      return { id, kind, status: 'declined' };
    }
    if (kind === 'client') await clientsRepo.updateClient(this.db, id, { status: 'active', expiresAt: null, acceptedAt: nowIso() });
    else await staffRepo.updateStaff(this.db, id, { status: 'active', expiresAt: null });
    return { id, kind, status: 'active' };
  }

  private async relationship(userId: number, id: number): Promise<RelationshipView> {
    const found = (await this.relationships(userId)).find((r) => r.id === id);
    if (!found) throw relationshipMissing();
    return found;
  }
}
