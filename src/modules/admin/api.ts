/**
 * What other modules (and the admin CLI) may ask of the admin module. Reached as
 * `server.plugins.admin.api`; every vessel's subscription state is a plain import.
 */
import type { Db } from '../../db/knex.js';
import * as repo from './repository.js';
import type { Audience, NavigationComponent } from './repository.js';

export type { NavigationComponent } from './repository.js';
export { type SubscriptionState, subscriptionStates } from './subscriptions.js';
/** The admin console's overview numbers (the admin CLI's `overview` reads them too). */
export { overview } from './overview.js';
/** The invitation an administrator sends (the admin CLI's `users invite` too). */
export { adminInvitation } from './invitation.js';

/** What an operator's tools (the CLI) do to accounts beyond the auth module: the admin console's own rules. */
export interface AccountAdministration {
  /** Deletes the account with the vessels it owns (their pairings end first). */
  deleteAccount(userId: number): Promise<void>;
  /** Sets the password; every session of the user ends. */
  setAccountPassword(userId: number, password: string): Promise<void>;
}

/** The menu as an operator's tools (the CLI) edit it, by the admin console's rules. */
export interface NavigationAdministration {
  /** Every navigation component, whoever sees it. */
  allNavigation(): Promise<NavigationComponent[]>;
  /** A new navigation component; 409 when its code is taken. */
  addNavigation(component: Omit<NavigationComponent, 'id'>): Promise<NavigationComponent>;
}

export function createAdminApi(db: Db, operator: AccountAdministration & NavigationAdministration) {
  return {
    ...operator,
    /** The navigation components a user may see, in menu order. */
    async navigationFor(user: { isAdmin: boolean; corporate: boolean }): Promise<Omit<NavigationComponent, 'audience'>[]> {
      const audiences: Audience[] = ['all', ...(user.isAdmin ? ['admin' as const] : []), ...(user.corporate ? ['corporate' as const] : [])];
      return (await repo.navigationFor(db, audiences)).map(({ audience: _a, ...rest }) => rest);
    },
  };
}

export type AdminApi = ReturnType<typeof createAdminApi>;
