import type { AccessWindow, AccessWindowState } from '../../../../contracts/permissions';
import type { PermissionSet } from '../vessels/types';
import { i18n } from '../../i18n';
export type { AccessRequest } from '../../../../contracts/vessels';

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
  /** What the inviter called a person whose invitation is still pending (their own name is not shown until they accept). */
  invitedName?: string | null;
}

/** A company with technical access to the vessel, possibly from a start to an end. */
export interface CompanyMember extends MemberBase, AccessWindow {
  kind: 'company';
  companyId: number;
  name: string;
  companyKind: string | null;
  /** The server's judgement of the window now. */
  window: AccessWindowState;
  firstUsedAt: string | null;
}

/** A company of the public catalogue (GET company/dealers, contractors, manufacturers). */
export interface CatalogueCompany {
  id: number;
  name: string;
  kind: string;
}

/** What the company access dialog sends: the permission set and the window (null: no limit on that side; left out: unchanged). */
export interface CompanyGrantInput extends Partial<AccessWindow> {
  permissions: PermissionSet;
}

export type Member = UserMember | CompanyMember;

export const isCompany = (member: Member): member is CompanyMember => member.kind === 'company';

/** The name a row shows: a company's name, a person's full name, else their e-mail. */
export function memberName(member: Member): string {
  if (isCompany(member)) return member.name || i18n.t('members:company.fallbackName', { id: member.companyId });
  return [member.firstName, member.lastName].filter(Boolean).join(' ') || member.invitedName || member.email;
}

export const memberKey = (member: Member) => (isCompany(member) ? `company-${member.companyId}` : `user-${member.userId}`);
