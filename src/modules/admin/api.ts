/**
 * What other modules may ask of the admin module. Reached as `server.plugins.admin.api`.
 */
import type { Db } from '../../db/knex.js';
import * as repo from './repository.js';
import type { Audience, NavigationComponent } from './repository.js';

export type { NavigationComponent } from './repository.js';

/** What an operator's tools (the CLI) do to accounts beyond the auth module: the admin console's own rules. */
export interface AccountAdministration {
  /** Deletes the account with the vessels it owns (their pairings end first). */
  deleteAccount(userId: number): Promise<void>;
  /** Sets the password; every session of the user ends. */
  setAccountPassword(userId: number, password: string): Promise<void>;
}

export function createAdminApi(db: Db, accounts: AccountAdministration) {
  return {
    ...accounts,
    /** The navigation components a user may see, in menu order. */
    async navigationFor(user: { isAdmin: boolean; corporate: boolean }): Promise<Omit<NavigationComponent, 'audience'>[]> {
      const audiences: Audience[] = ['all', ...(user.isAdmin ? ['admin' as const] : []), ...(user.corporate || user.isAdmin ? ['corporate' as const] : [])];
      return (await repo.navigationFor(db, audiences)).map(({ audience: _a, ...rest }) => rest);
    },
  };
}

export type AdminApi = ReturnType<typeof createAdminApi>;
