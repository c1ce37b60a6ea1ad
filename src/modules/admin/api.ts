/**
 * What other modules may ask of the admin module.
 */
import type { Database } from '../../db/knex.js';

export interface NavigationComponent {
  id: number;
  code: string;
  name: string;
  path: string;
  icon: string;
  menuOrder: number;
  audience: 'all' | 'admin' | 'corporate';
}

export const toNavigation = (r: any): NavigationComponent => ({ id: r.id, code: r.code, name: r.name, path: r.path, icon: r.icon, menuOrder: r.menu_order, audience: r.audience });

export function createAdminApi(db: Database) {
  return {
    /** The navigation components a user may see, in menu order. */
    async navigationFor(user: { isAdmin: boolean; corporate: boolean }): Promise<Omit<NavigationComponent, 'audience'>[]> {
      const audiences = ['all', ...(user.isAdmin ? ['admin'] : []), ...(user.corporate || user.isAdmin ? ['corporate'] : [])];
      const rows = await db('navigation_components').whereIn('audience', audiences).orderBy('menu_order', 'asc').orderBy('id', 'asc');
      return rows.map(toNavigation).map(({ audience: _a, ...rest }) => rest);
    },
  };
}

export type AdminApi = ReturnType<typeof createAdminApi>;
