/**
 * A company's staff (docs/api.md, "Organisation"): inviting by e-mail (the invitation expires
 * after 14 days), pausing, editing permissions and removing. A paused or removed member loses
 * the company's technical access at once: access is resolved from the staff rows on every
 * request, and `company.staff` on the event bus makes open live streams check again now.
 */
import Boom from '@hapi/boom';
import type { Db } from '../../db/knex.js';
import type { EventBus } from '../../platform/events.js';
import { ruleRefused } from '../../platform/errors.js';
import { ADMIN_STAFF_PERMISSIONS, DEFAULT_STAFF_PERMISSIONS, type StaffMemberView, type StaffPermissions } from '../../../contracts/organisation.js';
import { findCompany } from './repository.js';
import { type Clock, INVITATION_TTL_MS, isExpired, membershipOf, orgLetter, type People, statusAt } from './membership.js';
import * as staffRepo from './staff-repository.js';

const staffMissing = () => Boom.notFound('Staff member not found');

export class StaffService {
  constructor(
    private readonly db: Db,
    private readonly people: People,
    private readonly events: EventBus,
    private readonly clock: Clock,
  ) {}

  async list(userId: number): Promise<StaffMemberView[]> {
    const { company } = await membershipOf(this.db, userId);
    return this.ofCompany(company.id);
  }

  /** A company's staff, invitations included (the member's own list, and the admin console's company detail). */
  async ofCompany(companyId: number): Promise<StaffMemberView[]> {
    const staff = await staffRepo.staffOfCompany(this.db, companyId);
    const users = await this.people.usersByIds(staff.flatMap((s) => (s.userId === null ? [] : [s.userId])));
    const now = this.clock.now();
    return staff.map((s) => {
      const u = s.userId === null ? undefined : users.get(s.userId);
      return {
        id: s.id,
        userId: s.userId,
        email: u?.email ?? s.invitedEmail,
        firstName: u?.firstName ?? '',
        lastName: u?.lastName ?? '',
        role: s.role,
        paused: s.paused,
        status: statusAt(s, now),
        permissions: s.permissions,
        expiresAt: s.status === 'pending' ? s.expiresAt : null,
      };
    });
  }

  /** Invites a person (a new account is created pending a password) to join the company's staff. */
  async invite(userId: number, email: string): Promise<StaffMemberView> {
    const { company } = await membershipOf(this.db, userId, 'manageStaff');
    // Refused before anything is mailed.
    const known = await this.people.findUserByEmail(email);
    if (known) await this.assertInvitable(company.id, known.id);
    const { user } = await this.people.inviteUser(email, orgLetter('org:staffInvite.subject', 'org:staffInvite.text', company.name), userId);
    const id = await staffRepo.insertStaffInvitation(this.db, {
      companyId: company.id,
      userId: user.id,
      email: user.email,
      invitedBy: userId,
      expiresAt: this.expiry(),
      permissions: { ...DEFAULT_STAFF_PERMISSIONS },
    });
    return this.view(userId, id);
  }

  /**
   * The platform's administrator invites a company's first administrator (POST
   * admin/companies/{id}/administrator): a company made in the admin console has nobody to invite
   * its staff until then. Refused once the company has an administrator, accepted or invited.
   */
  async inviteFirstAdministrator(companyId: number, email: string, invitedBy: number | null): Promise<{ email: string; companyId: number }> {
    const company = await findCompany(this.db, companyId);
    if (!company) throw Boom.notFound('Company not found');
    const staff = await staffRepo.staffOfCompany(this.db, companyId);
    if (staff.some((s) => s.role === 'admin' && !isExpired(s, this.clock.now())))
      throw ruleRefused(`${company.name} already has an administrator: they invite the rest of the staff`);
    const known = await this.people.findUserByEmail(email);
    if (known) await this.assertInvitable(company.id, known.id);
    const { user } = await this.people.inviteUser(email, orgLetter('org:adminInvite.subject', 'org:adminInvite.text', company.name), invitedBy);
    await staffRepo.insertStaffInvitation(this.db, {
      companyId: company.id,
      userId: user.id,
      email: user.email,
      invitedBy,
      expiresAt: this.expiry(),
      permissions: { ...ADMIN_STAFF_PERMISSIONS },
      role: 'admin',
    });
    return { email: user.email, companyId };
  }

  /** A person works for one company: an expired invitation elsewhere gives way, anything else is a conflict. */
  private async assertInvitable(companyId: number, userId: number): Promise<void> {
    const existing = await staffRepo.staffRowOfUser(this.db, userId);
    if (!existing) return;
    if (existing.companyId !== companyId && isExpired(existing, this.clock.now())) await staffRepo.deleteStaff(this.db, existing.id);
    else
      throw Boom.conflict(
        existing.companyId === companyId ? 'This person is already on the staff or invited' : 'This person already works for another company',
      );
  }

  /** Sends a pending (or expired) invitation again, valid for another 14 days. */
  async resendInvite(userId: number, staffId: number): Promise<StaffMemberView> {
    const { company } = await membershipOf(this.db, userId, 'manageStaff');
    const member = await staffRepo.findStaff(this.db, company.id, staffId);
    if (!member) throw staffMissing();
    if (member.status !== 'pending' || member.invitedEmail === null) throw ruleRefused('This staff member has already accepted the invitation');
    await this.people.inviteUser(member.invitedEmail, orgLetter('org:staffInvite.subject', 'org:staffInvite.text', company.name), userId);
    await staffRepo.updateStaff(this.db, member.id, { expiresAt: this.expiry() });
    return this.view(userId, member.id);
  }

  async setPaused(userId: number, staffId: number, paused: boolean): Promise<StaffMemberView> {
    const member = await this.other(userId, staffId);
    await staffRepo.updateStaff(this.db, member.id, { paused });
    this.changed(member);
    return this.view(userId, member.id);
  }

  async editPermissions(userId: number, staffId: number, asked: Partial<StaffPermissions>): Promise<StaffMemberView> {
    const member = await this.other(userId, staffId);
    if (member.role === 'admin') throw ruleRefused('An administrator of the company holds every permission');
    await staffRepo.updateStaff(this.db, member.id, { permissions: { ...member.permissions, ...asked } });
    this.changed(member);
    return this.view(userId, member.id);
  }

  async remove(userId: number, staffId: number): Promise<void> {
    const member = await this.other(userId, staffId);
    await staffRepo.deleteStaff(this.db, member.id);
    this.changed(member);
  }

  /** Another member of the caller's company (nobody pauses, edits or removes themselves). */
  private async other(userId: number, staffId: number): Promise<staffRepo.Staff> {
    const { company } = await membershipOf(this.db, userId, 'manageStaff');
    const member = await staffRepo.findStaff(this.db, company.id, staffId);
    if (!member) throw staffMissing();
    if (member.userId === userId) throw ruleRefused('You cannot change your own place in the company');
    return member;
  }

  private async view(userId: number, staffId: number): Promise<StaffMemberView> {
    const found = (await this.list(userId)).find((s) => s.id === staffId);
    if (!found) throw staffMissing();
    return found;
  }

  private changed(member: staffRepo.Staff): void {
    if (member.userId !== null) this.events.emit('company.staff', { userId: member.userId, companyId: member.companyId });
  }

  private expiry(): string {
    return new Date(this.clock.now() + INVITATION_TTL_MS).toISOString();
  }
}
