/**
 * Who is asking in the organisation area: the caller's company and their place in it. Every
 * organisation route starts here, so a person without a company gets 404, a paused member 403,
 * and a member without the permission a route needs 403 naming it (docs/decisions.md,
 * "Organisations").
 */
import Boom from '@hapi/boom';
import type { Db } from '../../db/knex.js';
import { translator, type Letter, type MailLanguage } from '../../platform/i18n.js';
import type { StaffPermission } from '../../../contracts/organisation.js';
import * as repo from './repository.js';
import * as staffRepo from './staff-repository.js';

export interface Membership {
  company: repo.Company;
  staff: staffRepo.Staff;
}

export type { Clock } from '../../platform/clock.js';

export async function membershipOf(db: Db, userId: number, need?: StaffPermission): Promise<Membership> {
  const staff = await staffRepo.activeStaffOf(db, userId);
  const company = staff ? await repo.findCompany(db, staff.companyId) : null;
  if (!staff || !company) throw Boom.notFound('You do not belong to an organisation');
  if (staff.paused) throw Boom.forbidden('Your place in the organisation is paused');
  if (need && !staff.permissions[need]) throw Boom.forbidden(`You do not have the ${need} permission in your organisation`);
  return { company, staff };
}

/** Invitations (clients and staff) are valid for 14 days; resending renews them. */
export const INVITATION_TTL_MS = 14 * 24 * 3600 * 1000;

export const isExpired = (row: { status: string; expiresAt: string | null }, nowMs: number): boolean =>
  row.status === 'pending' && row.expiresAt !== null && Date.parse(row.expiresAt) <= nowMs;

export const statusAt = (row: { status: 'pending' | 'active'; expiresAt: string | null }, nowMs: number): 'pending' | 'active' | 'expired' =>
  isExpired(row, nowMs) ? 'expired' : row.status;

/** What the organisation area needs of the auth module (handed in by index.ts). */
export interface People {
  usersByIds(ids: number[]): Promise<Map<number, { id: number; email: string; firstName: string; lastName: string; phone: string | null }>>;
  findUserByEmail(email: string): Promise<{ id: number; email: string } | null>;
  /** Mails the invitation in the invitee's language, the inviter's for an address with no account yet. */
  inviteUser(email: string, invitation: Letter, inviterId: number | null): Promise<{ user: { id: number; email: string }; created: boolean }>;
  sendConfirmationCode(userId: number, purpose: 'remove_company_client', targetId: string, what: (language: MailLanguage) => string): Promise<unknown>;
  consumeConfirmationCode(userId: number, purpose: 'remove_company_client', code: string): Promise<string>;
}

/** An organisation invitation (its subject and text keys in the `org` namespace) in its reader's language. */
export function orgLetter(subject: string, text: string, company: string): Letter {
  return ({ language }) => {
    const t = translator(language, 'org');
    return { subject: t(subject, { company }), text: t(text, { company }) };
  };
}

export const fullName = (u: { firstName: string; lastName: string; email: string } | undefined, fallback: string | null): string =>
  u ? `${u.firstName} ${u.lastName}`.trim() || u.email : (fallback ?? '');
