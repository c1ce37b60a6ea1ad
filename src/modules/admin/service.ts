/**
 * Platform administration: accounts (through the auth module's api) and the navigation catalogue.
 */
import assert from 'node:assert';
import Boom from '@hapi/boom';
import type { Db } from '../../db/knex.js';
import { ruleRefused } from '../../platform/errors.js';
import type { PageRequest } from '../../platform/pagination.js';
import { publicUser, type AuthApi, type User, type UserFilter } from '../auth/api.js';
import type { PairingEnd } from '../vessel/api.js';
import { adminInvitation } from './invitation.js';
import * as repo from './repository.js';

export type PublicUser = ReturnType<typeof publicUser>;

/** What an administrator may do to an account with one call. */
export type AccountAction = 'makeAdmin' | 'revokeAdmin' | 'suspend' | 'activate';

/** Actions that would lock the administrator out of their own account (or the platform). */
const NOT_ON_ONESELF: ReadonlySet<AccountAction> = new Set(['revokeAdmin', 'suspend']);

export class Administration {
  /** The vessels an account takes with it; handed over by the module (the CLI's uses need none). */
  private vessels: Pick<PairingEnd, 'ofOwner'> | null = null;

  constructor(
    private readonly db: Db,
    private readonly auth: AuthApi,
  ) {}

  useVessels(vessels: Pick<PairingEnd, 'ofOwner'>): void {
    this.vessels = vessels;
  }

  async pageUsers(request: PageRequest<UserFilter>) {
    const page = await this.auth.pageUsers(request);
    return { totalElements: page.totalElements, content: page.content.map(publicUser) };
  }

  async createUser(input: { email: string; password: string; firstName?: string; lastName?: string; isAdmin?: boolean }): Promise<PublicUser> {
    return publicUser(await this.auth.createUser(input));
  }

  /** Invites an address in the inviting administrator's language (the address has no account, so no language of its own). */
  async inviteUser(email: string, inviterId: number): Promise<PublicUser> {
    const { user, created } = await this.auth.inviteUser(email, adminInvitation, inviterId);
    if (!created) throw Boom.conflict('A user with this e-mail address already exists');
    return publicUser(user);
  }

  async act(callerId: number, targetId: number, action: AccountAction): Promise<PublicUser> {
    const user = await this.target(callerId, targetId, NOT_ON_ONESELF.has(action));
    if (action === 'makeAdmin' || action === 'revokeAdmin') await this.auth.setAdmin(user.id, action === 'makeAdmin');
    else if (action === 'suspend') await this.auth.suspend(user.id);
    else await this.auth.activate(user.id);
    return publicUser(await this.target(callerId, targetId, false));
  }

  async setPassword(callerId: number | null, targetId: number, password: string): Promise<PublicUser> {
    const user = await this.target(callerId, targetId, false);
    await this.auth.setPassword(user.id, password);
    return publicUser(user);
  }

  /**
   * Deletes the account with the vessels it owns. Their bridges' pairings end first, so that what
   * the bridges reported goes with the vessels rather than to whoever pairs them next.
   */
  async deleteUser(callerId: number | null, targetId: number): Promise<void> {
    assert(this.vessels, 'the admin module hands over the vessels at registration');
    const user = await this.target(callerId, targetId, true);
    await this.vessels.ofOwner(user.id);
    await this.auth.deleteUser(user.id);
  }

  allNavigation() {
    return repo.allNavigation(this.db);
  }

  async addNavigation(component: Omit<repo.NavigationComponent, 'id'>): Promise<repo.NavigationComponent> {
    if (await repo.navigationCodeTaken(this.db, component.code)) throw Boom.conflict('A navigation component with this code already exists');
    return repo.insertNavigation(this.db, component);
  }

  private async target(callerId: number | null, targetId: number, notOnOneself: boolean): Promise<User> {
    const user = await this.auth.findUser(targetId);
    if (!user) throw Boom.notFound('User not found');
    if (notOnOneself && targetId === callerId) throw ruleRefused('You cannot do this to your own account');
    return user;
  }
}
