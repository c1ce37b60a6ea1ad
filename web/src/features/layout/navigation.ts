import type { NavigationItem } from '../profile/types';

export interface NavLink {
  key: string;
  label: string;
  to: string;
}

/** The parts of the dashboard this web app has pages for. */
const CLIENT_PAGES: NavLink[] = [
  { key: 'FLEET', label: 'Fleet', to: '/dashboard' },
  { key: 'PROFILE', label: 'Profile', to: '/dashboard/profile' },
  { key: 'TERMS', label: 'Terms of Use', to: '/dashboard/terms-of-use/EULA' },
];

/**
 * The sidebar: the server's navigation components (sorted by menuOrder) that point at a page
 * of this app, with the server's names, followed by the app's own pages it did not list.
 */
export function sidebarLinks(navigation: NavigationItem[]): NavLink[] {
  const known = new Map(CLIENT_PAGES.map((page) => [page.to.toLowerCase(), page]));
  const fromServer = [...navigation]
    .sort((a, b) => a.menuOrder - b.menuOrder)
    .map((item) => {
      const page = known.get(item.path.replace(/\/+$/, '').toLowerCase());
      return page ? { ...page, label: item.name || page.label } : null;
    })
    .filter((link): link is NavLink => link !== null);
  const listed = new Set(fromServer.map((link) => link.key));
  return [...fromServer, ...CLIENT_PAGES.filter((page) => !listed.has(page.key))];
}
