import type { PermissionSet } from '../vessels/types';

interface MemberBase {
  role: string;
  paused: boolean;
  pending: boolean;
  /** Null for the owner, who holds everything. */
  permissions: PermissionSet | null;
}

/** A person on the vessel (GET /api/vessel/{id}/directory). */
export interface UserMember extends MemberBase {
  kind?: 'user';
  userId: number;
  email: string;
  firstName: string | null;
  lastName: string | null;
}

/** A company with technical access to the vessel. */
export interface CompanyMember extends MemberBase {
  kind: 'company';
  companyId: number;
  name: string;
  companyKind: string | null;
}

export type Member = UserMember | CompanyMember;

export const isCompany = (member: Member): member is CompanyMember => member.kind === 'company';

/** The name a row shows: a company's name, a person's full name, else their e-mail. */
export function memberName(member: Member): string {
  if (isCompany(member)) return member.name || `Company ${member.companyId}`;
  return [member.firstName, member.lastName].filter(Boolean).join(' ') || member.email;
}

export const memberKey = (member: Member) => (isCompany(member) ? `company-${member.companyId}` : `user-${member.userId}`);
