/**
 * Who a user may message (docs/api.md, "Messages"): the owner and members of the vessels they
 * have access to and the staff of companies with technical access to those vessels, their own
 * company's staff and active clients, the staff of companies in a relationship with it, and the
 * staff of the companies they are a client of. Asked afresh on every call, so a revoked grant
 * stops new threads at once.
 */
import type { Db } from '../../db/knex.js';
import type { MessageContact, MessageGroup } from '../../../contracts/messaging.js';
import { type AccessApi, grantsOn } from '../access/api.js';
import type { AuthApi } from '../auth/api.js';
import { activeStaffUserIds, companiesByIds, companyNetworkOf } from '../org/api.js';

export interface Network {
  /** Contact user id → why (vessel names, "Your company", a company's name). */
  via: Map<number, Set<string>>;
  vessels: Map<number, Set<number>>;
  companyKinds: Map<number, MessageContact['companyKind']>;
  groups: MessageGroup[];
}

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
    const accesses = [...(await this.access.accessesOf(userId)).values()].filter((a) => !a.paused);
    const names = await this.access.vesselNames(accesses.map((a) => a.vesselId));
    for (const access of accesses) {
      const grants = (await grantsOn(this.db, access.vesselId)).filter((g) => g.status === 'active' && !g.paused);
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
      const name = names.get(access.vesselId) ?? `Vessel ${access.vesselId}`;
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
    return { via, vessels, companyKinds, groups: groups.filter((g) => g.userIds.length > 0) };
  }

  async contactsOf(userId: number): Promise<MessageContact[]> {
    const { via, vessels, companyKinds } = await this.networkOf(userId);
    const users = await this.auth.usersByIds([...via.keys()]);
    return [...users.values()]
      .filter((u) => u.status === 'active')
      .map((u) => ({
        userId: u.id,
        firstName: u.firstName,
        lastName: u.lastName,
        email: u.email,
        via: [...(via.get(u.id) ?? [])],
        vesselIds: [...(vessels.get(u.id) ?? [])],
        companyKind: companyKinds.get(u.id) ?? null,
      }))
      .sort((a, b) => `${a.firstName} ${a.lastName}`.localeCompare(`${b.firstName} ${b.lastName}`));
  }

  /** Ids among `userIds` the user may not message. */
  async strangers(userId: number, userIds: number[]): Promise<number[]> {
    const { via } = await this.networkOf(userId);
    return userIds.filter((id) => id !== userId && !via.has(id));
  }
}
