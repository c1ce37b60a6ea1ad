import type { NavigationItem } from '../profile/types';

export interface NavLink {
  key: string;
  label: string;
  to: string;
  /** Offered only when the server's navigation lists it (the organisation area is for company staff). */
  serverOnly?: boolean;
}

/** The parts of the dashboard this web app has pages for. */
const CLIENT_PAGES: NavLink[] = [
  { key: 'FLEET', label: 'Fleet', to: '/dashboard' },
  { key: 'ALERTS', label: 'Alerts', to: '/dashboard/alerts' },
  { key: 'CHARTS', label: 'Charts', to: '/dashboard/charts' },
  { key: 'MESSAGES', label: 'Messages', to: '/dashboard/messages' },
  { key: 'ORGANISATION', label: 'Organisation', to: '/dashboard/organisation', serverOnly: true },
  { key: 'PROFILE', label: 'Profile', to: '/dashboard/profile' },
  { key: 'TERMS', label: 'Terms of Use', to: '/dashboard/terms-of-use/EULA' },
];

/**
 * Pages shown only when the server's navigation lists them: the admin area is offered to
 * platform administrators alone (its component's audience is "admin").
 */
const SERVER_LISTED_PAGES: NavLink[] = [{ key: 'ADMIN', label: 'Administration', to: '/dashboard/admin' }];

/**
 * The sidebar: the server's navigation components (sorted by menuOrder) that point at a page
 * of this app, with the server's names, followed by the app's own pages it did not list. A
 * component an administrator added for another page of the app (a deep link such as
 * "/dashboard/profile/vendors") is shown too, when `isPage` says the app has that page; one that
 * points nowhere is left out rather than leading to "not found".
 */
export function sidebarLinks(
  navigation: NavigationItem[],
  isPage: (path: string) => boolean = () => false,
  options: { adminConsole?: boolean } = {},
): NavLink[] {
  const links = serverAndClientLinks(navigation, isPage);
  return options.adminConsole ? links.map((link) => ({ ...link, to: ADMIN_CONSOLE_PAGES[link.key] ?? link.to })) : links;
}

/**
 * A platform administrator without vessels of their own would find Fleet, Alerts and Charts
 * empty: they lead to the platform's vessels, its alerts across vessels, and the overview's
 * figures and trends instead (docs/decisions.md).
 */
const ADMIN_CONSOLE_PAGES: Record<string, string> = {
  FLEET: '/dashboard/admin/vessels',
  ALERTS: '/dashboard/admin/alerts',
  CHARTS: '/dashboard/admin',
};

function serverAndClientLinks(navigation: NavigationItem[], isPage: (path: string) => boolean): NavLink[] {
  const known = new Map([...CLIENT_PAGES, ...SERVER_LISTED_PAGES].map((page) => [page.to.toLowerCase(), page]));
  const fromServer = [...navigation]
    .sort((a, b) => a.menuOrder - b.menuOrder)
    .map((item): NavLink | null => {
      const path = item.path.replace(/\/+$/, '') || '/';
      const page = known.get(path.toLowerCase());
      if (page) return { ...page, label: item.name || page.label };
      return isPage(path) ? { key: item.code, label: item.name, to: path } : null;
    })
    .filter((link): link is NavLink => link !== null);
  const listed = new Set(fromServer.map((link) => link.key));
  return [...fromServer, ...CLIENT_PAGES.filter((page) => !listed.has(page.key) && !page.serverOnly)];
}
