/**
 * The people and companies on a vessel, as its owner and user managers see them. The grants are
 * the access module's (it decides, and bounds every grant by what the granter holds); this
 * service adds names from the auth and org modules and sends the invitation mail.
 */
import Boom from '@hapi/boom';
import type { Database } from '../../../db/knex.js';
import { type AccessWindow, type AccessWindowState, type Grant, type Grants, type PermissionSet, type VesselScope, windowState } from '../../access/api.js';
import { translator, type Letter } from '../../../platform/i18n.js';
import { companiesByIds, findCompany } from '../../org/api.js';
import { names } from '../vessels/repository.js';

/** What members need to know about people (the auth module's). */
export interface People {
  findUserByEmail(email: string): Promise<{ id: number } | null>;
  usersByIds(
    ids: number[],
  ): Promise<Map<number, { id: number; email: string; firstName: string; lastName: string; languageCode: string | null; preferences: { timeZone: string } }>>;
  /** Mails the invitation in the invitee's language, the inviter's for an address with no account yet. */
  inviteUser(email: string, invitation: Letter, inviterId: number): Promise<{ user: { id: number; email: string } }>;
}

export type DirectoryEntry =
  | {
      kind: 'user';
      userId: number | null;
      email: string | null;
      firstName: string;
      lastName: string;
      /** What the inviter called a person invited and not yet answered. */
      invitedName: string | null;
      role: 'owner' | 'member';
      paused: boolean;
      pending: boolean;
      permissions: PermissionSet | null;
    }
  | ({
      kind: 'company';
      companyId: number;
      name: string;
      companyKind: string | null;
      role: 'company';
      paused: boolean;
      pending: boolean;
      permissions: PermissionSet;
      /** Whether the window is open now, has not started or has ended (the server's clock). */
      window: AccessWindowState;
      /** When someone of the company first worked on the vessel under this grant. */
      firstUsedAt: string | null;
    } & AccessWindow);

export class MembersService {
  constructor(
    private readonly db: Database,
    private readonly grants: Grants,
    private readonly people: People,
    private readonly now: () => number,
  ) {}

  /** The owner first, then every grant in the order it was made. */
  async directory(scope: VesselScope): Promise<DirectoryEntry[]> {
    const grants = await this.grants.on(scope.vesselId);
    const ownerId = scope.access.ownerId;
    const users = await this.people.usersByIds([ownerId, ...grants.flatMap((g) => (g.userId ? [g.userId] : []))]);
    const companies = await companiesByIds(
      this.db,
      grants.flatMap((g) => (g.companyId ? [g.companyId] : [])),
    );
    const owner = users.get(ownerId);
    const entry = (g: Grant): DirectoryEntry => {
      if (g.companyId) {
        const c = companies.get(g.companyId);
        return {
          kind: 'company',
          companyId: g.companyId,
          name: c?.name ?? '',
          companyKind: c?.kind ?? null,
          role: 'company',
          paused: g.paused,
          pending: g.status === 'pending',
          permissions: g.permissions,
          startsAt: g.startsAt,
          endsAt: g.endsAt,
          window: windowState(g, this.now()),
          firstUsedAt: g.firstUsedAt,
        };
      }
      const u = g.userId ? users.get(g.userId) : undefined;
      // An invitation not yet accepted shows the address it went to and nothing of the account
      // behind it: whether one existed is the invitee's to tell (docs/security.md, "Invitations").
      const pending = g.status === 'pending';
      return {
        kind: 'user',
        userId: g.userId,
        email: u?.email ?? g.invitedEmail,
        firstName: pending ? '' : (u?.firstName ?? ''),
        lastName: pending ? '' : (u?.lastName ?? ''),
        invitedName: pending ? g.invitedName : null,
        role: 'member',
        paused: g.paused,
        pending: g.status === 'pending',
        permissions: g.permissions,
      };
    };
    return [
      {
        kind: 'user',
        userId: ownerId,
        email: owner?.email ?? null,
        firstName: owner?.firstName ?? '',
        lastName: owner?.lastName ?? '',
        invitedName: null,
        role: 'owner',
        paused: false,
        pending: false,
        permissions: null,
      },
      ...grants.map(entry),
    ];
  }

  async pendingFor(user: {
    id: number;
    email: string;
  }): Promise<Array<{ vesselId: number; vesselName: string; permissions: PermissionSet; invitedAt: string }>> {
    const pending = await this.grants.pendingFor(user);
    const vesselNames = await names(
      this.db,
      pending.map((g) => g.vesselId),
    );
    return pending.flatMap((g) => {
      const vesselName = vesselNames.get(g.vesselId);
      return vesselName === undefined ? [] : [{ vesselId: g.vesselId, vesselName, permissions: g.permissions, invitedAt: g.createdAt }];
    });
  }

  /** Invites a person by e-mail (creating a pending account when there is none); nobody already on the vessel is mailed again. */
  /** Invites the address; the answer is the same whether it already had an account or gets a pending one now. */
  async invite(scope: VesselScope, email: string, invitedName: string | null = null): Promise<{ email: string }> {
    const known = await this.people.findUserByEmail(email);
    if (known) await this.grants.assertInvitable(scope, known.id);
    const vesselName = (await names(this.db, [scope.vesselId])).get(scope.vesselId) ?? '';
    const inviter = scope.caller.email;
    const invitation: Letter = ({ language }) => {
      const t = translator(language, 'vessel');
      return { subject: t('invitation.subject', { vessel: vesselName }), text: t('invitation.text', { inviter, vessel: vesselName }) };
    };
    const { user } = await this.people.inviteUser(email, invitation, scope.caller.id);
    await this.grants.invite(scope, user.id, invitedName);
    return { email: user.email };
  }

  /** Technical access for a company of the catalogue, optionally within a window. */
  async addCompany(scope: VesselScope, companyId: number, permissions: Partial<PermissionSet>, window: AccessWindow) {
    const company = await findCompany(this.db, companyId);
    if (!company) throw Boom.notFound('Company not found');
    const granted = await this.grants.addCompany(scope, companyId, permissions, window);
    return { companyId, name: company.name, kind: company.kind, ...granted, window: windowState(granted, this.now()), paused: false };
  }
}
