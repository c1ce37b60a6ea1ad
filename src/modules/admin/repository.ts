/** The admin module's table: navigation_components. Only this file touches it. */
import type { NavigationComponent } from '../../../contracts/admin.js';
import type { Db } from '../../db/knex.js';
import { insertId } from '../../db/knex.js';

export type Audience = NavigationComponent['audience'];

export interface NavigationRow {
  id: number;
  code: string;
  name: string;
  path: string;
  icon: string;
  menu_order: number;
  audience: Audience;
}

export type { NavigationComponent };

export const toNavigation = (r: NavigationRow): NavigationComponent => ({
  id: r.id,
  code: r.code,
  name: r.name,
  path: r.path,
  icon: r.icon,
  menuOrder: r.menu_order,
  audience: r.audience,
});

const navigation = (db: Db) => db<NavigationRow>('navigation_components');

export async function navigationFor(db: Db, audiences: Audience[]): Promise<NavigationComponent[]> {
  return (await navigation(db).whereIn('audience', audiences).orderBy('menu_order', 'asc').orderBy('id', 'asc')).map(toNavigation);
}

export async function allNavigation(db: Db): Promise<NavigationComponent[]> {
  return (await navigation(db).orderBy('menu_order')).map(toNavigation);
}

export const navigationCodeTaken = async (db: Db, code: string): Promise<boolean> => (await navigation(db).where({ code }).first()) !== undefined;

export async function insertNavigation(db: Db, component: Omit<NavigationComponent, 'id'>): Promise<NavigationComponent> {
  const id = await insertId(db, 'navigation_components', {
    code: component.code,
    name: component.name,
    path: component.path,
    icon: component.icon,
    menu_order: component.menuOrder,
    audience: component.audience,
  });
  return { id, ...component };
}
