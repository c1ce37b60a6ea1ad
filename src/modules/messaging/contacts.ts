/**
 * Who a user may message (docs/api.md, "Messages"): the owner and members of the vessels they
 * have access to and the staff of companies with technical access to those vessels, their own
 * company's staff and active clients, the staff of companies in a relationship with it, and the
 * staff of the companies they are a client of. Asked afresh on every call, so a revoked grant
 * stops new threads at once.
 *
 * People invited to a vessel who have not accepted yet are contacts too, of its owner and of those
 * who see its people (userManager VIEW): named as the inviter named them (never by their account),
 * and a thread with them is about that vessel, so that it reaches them once they accept
 * (docs/decisions.md, "Messaging someone invited").
 */
import type { Db } from '../../db/knex.js';
import type { MessageContact, MessageGroup } from '../../../contracts/messaging.js';
import { ruleRefused } from '../../platform/errors.js';
import { type AccessApi, allows, grantsOn } from '../access/api.js';
import type { AuthApi } from '../auth/api.js';
import { activeStaffUserIds, companiesByIds, companyNetworkOf } from '../org/api.js';

export interface Network {
  /** Contact user id → why (vessel names, "Your company", a company's name). */
  via: Map<number, Set<string>>;
  vessels: Map<number, Set<number>>;
  companyKinds: Map<number, MessageContact['companyKind']>;
  groups: MessageGroup[];
  /** Invitee user id → the caller's vessels they are invited to and have not accepted, with the inviter's name for them. */
  invited: Map<number, Invitation[]>;
}

export interface Invitation {
  vesselId: number;
  vesselName: string;
  invitedName: string | null;
}

const invitedLabel = (i: Invitation[]) => i.map((x) => x.vesselName).join(', ');

export class Contacts {
  constructor(
    private readonly db: Db,
    private readonly access: AccessApi,
    private readonly auth: AuthApi,
  ) {}

  async networkOf(userId: number): Promise<Network> {
    const via = new Map<number, Set<string>>();
    const add = (ids: number[], reason: string) => {
      for (const id of ids) if (id !== userId) via.set(id, (via.get(id) ?? new Set()).add(reason));
    };
    const vessels = new Map<number, Set<number>>();
    const companyKinds = new Map<number, MessageContact['companyKind']>();
    const groups: MessageGroup[] = [];
    const invited = new Map<number, Invitation[]>();
    const accesses = [...(await this.access.accessesOf(userId)).values()].filter((a) => !a.paused);
    const names = await this.access.vesselNames(accesses.map((a) => a.vesselId));
    for (const access of accesses) {
      const all = await grantsOn(this.db, access.vesselId);
      const grants = all.filter((g) => g.status === 'active' && !g.paused);
      const name = names.get(access.vesselId) ?? `Vessel ${access.vesselId}`;
      if (allows(access, { area: 'userManager', level: 'VIEW' }))
        for (const g of all)
          if (g.status === 'pending' && g.userId !== null && g.userId !== userId)
            invited.set(g.userId, [...(invited.get(g.userId) ?? []), { vesselId: access.vesselId, vesselName: name, invitedName: g.invitedName }]);
      const companyIds = grants.flatMap((g) => (g.companyId !== null ? [g.companyId] : []));
      const companies = await companiesByIds(this.db, companyIds);
      const companyStaff = await Promise.all(
        companyIds.map(async (id) => {
          const staff = await activeStaffUserIds(this.db, id);
          for (const s of staff) companyKinds.set(s, companies.get(id)?.kind ?? null);
          return staff;
        }),
      );
      const crew = [...new Set([access.ownerId, ...grants.flatMap((g) => (g.userId !== null ? [g.userId] : [])), ...companyStaff.flat()])];
      add(crew, name);
      for (const id of crew) vessels.set(id, (vessels.get(id) ?? new Set()).add(access.vesselId));
      groups.push({ id: `vessel-${access.vesselId}`, kind: 'vessel', name, userIds: crew.filter((id) => id !== userId) });
    }
    const network = await companyNetworkOf(this.db, userId);
    add(network.carers, 'Your service companies');
    if (network.company) {
      add(network.colleagues, network.company.name);
      add(network.clients, `Client of ${network.company.name}`);
      add(network.partners, 'Partner company');
      groups.push({
        id: `company-${network.company.id}`,
        kind: 'company',
        name: network.company.name,
        userIds: network.colleagues.filter((id) => id !== userId),
      });
    }
    return { via, vessels, companyKinds, groups: groups.filter((g) => g.userIds.length > 0), invited };
  }

  async contactsOf(userId: number): Promise<MessageContact[]> {
    const { via, vessels, companyKinds, invited } = await this.networkOf(userId);
    const users = await this.auth.usersByIds([...new Set([...via.keys(), ...invited.keys()])]);
    const contacts: MessageContact[] = [];
    for (const u of users.values()) {
      const invitations = invited.get(u.id) ?? [];
      const invitedTo = invitations.map((i) => ({ vesselId: i.vesselId, vesselName: i.vesselName }));
      if (via.has(u.id) && u.status === 'active')
        contacts.push({
          userId: u.id,
          firstName: u.firstName,
          lastName: u.lastName,
          email: u.email,
          via: [...(via.get(u.id) ?? [])],
          vesselIds: [...(vessels.get(u.id) ?? [])],
          companyKind: companyKinds.get(u.id) ?? null,
          invitedTo,
          pending: false,
        });
      else if (invitations.length > 0 && u.status !== 'suspended')
        // Not accepted yet: the inviter's name for them, never their account's (docs/security.md, "Invitations").
        contacts.push({
          userId: u.id,
          firstName: invitations.find((i) => i.invitedName)?.invitedName ?? '',
          lastName: '',
          email: u.email,
          via: [`Invited to ${invitedLabel(invitations)}`],
          vesselIds: invitations.map((i) => i.vesselId),
          companyKind: null,
          invitedTo,
          pending: true,
        });
    }
    return contacts.sort((a, b) => `${a.firstName} ${a.lastName}`.localeCompare(`${b.firstName} ${b.lastName}`) || a.email.localeCompare(b.email));
  }

  /**
   * Refuses anyone among `ids` the user may not message, and answers the vessel a thread with them
   * is about: `vesselId` as asked, or, with someone invited who has not accepted, the vessel they
   * are invited to (a thread with them must be about it). `fixed`: the thread exists and its
   * vessel cannot change.
   */
  async admit(userId: number, ids: number[], vesselId: number | null, fixed = false): Promise<number | null> {
    if (ids.length === 0) return vesselId;
    const { via, invited } = await this.networkOf(userId);
    const strangers = ids.filter((id) => id !== userId && !via.has(id) && !invited.has(id));
    if (strangers.length > 0) throw ruleRefused(`You can only add your contacts to a thread (not user ${strangers.join(', ')})`);
    const waiting = ids.filter((id) => !via.has(id) && invited.has(id));
    if (waiting.length === 0) return vesselId;
    const named = async (id: number) =>
      invited.get(id)?.find((i) => i.invitedName)?.invitedName ?? (await this.auth.usersByIds([id])).get(id)?.email ?? 'Someone';
    let common = invited.get(waiting[0])!.map((i) => i.vesselId);
    for (const id of waiting) {
      const theirs = invited.get(id)!;
      if ((fixed || vesselId !== null) && !theirs.some((i) => i.vesselId === vesselId)) {
        const who = await named(id);
        throw ruleRefused(
          fixed
            ? `${who} has not accepted the invitation to ${invitedLabel(theirs)} yet: start a thread about ${invitedLabel(theirs)} with them`
            : `${who} has not accepted the invitation to ${invitedLabel(theirs)} yet: a thread with them must be about ${invitedLabel(theirs)}`,
        );
      }
      common = common.filter((v) => theirs.some((i) => i.vesselId === v));
    }
    if (vesselId !== null) return vesselId;
    if (common.length === 0)
      throw ruleRefused('People invited to different vessels who have not accepted yet cannot be in one thread: start one for each vessel');
    return Math.min(...common);
  }
}
