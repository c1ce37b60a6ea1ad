import { useEffect, useState, type ReactNode } from 'react';
import { Link, useLocation, useParams, useRouter } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { i18n } from '../../i18n';
import { session } from '../../app/services';
import { UI_VERSION } from '../../lib/env';
import { profileQueries } from '../profile/queries';
import { usePreferences, useUpdatePreferences } from '../profile/usePreferences';
import { sessionQueries } from '../session/queries';
import { vesselQueries } from '../vessels/queries';
import { Brand } from './Brand';
import { ThemeToggle } from './ThemeToggle';
import { sidebarLinks } from './navigation';
import { Icon } from '../icons/Icon';
import { NotificationBell } from '../alerts/NotificationBell';
import { UnreadMessages } from '../messages/UnreadMessages';
import { useMessagesLive } from '../messages/useMessagesLive';
import { useSelector } from '@xstate/react';

function UnitToggle() {
  const { t } = useTranslation('layout');
  const { unitSystem } = usePreferences();
  const update = useUpdatePreferences();
  const next = unitSystem === 'metric' ? 'imperial' : 'metric';
  return (
    <button
      type="button"
      className="chip"
      onClick={() => update.mutate({ unitSystem: next })}
      aria-label={t(`units.switch.${unitSystem}`)}
      title={t(`units.switchTitle.${next}`)}
    >
      {t(`units.name.${unitSystem}`)}
    </button>
  );
}

/** The selected vessel is the one the route names (spec 4); there is none once the route no longer holds an id. */
function useSelectedVessel() {
  const { vesselId } = useParams({ strict: false });
  const vessel = useQuery({ ...vesselQueries.detail(vesselId ?? 0), enabled: vesselId !== undefined });
  return vesselId === undefined ? null : (vessel.data ?? null);
}

/**
 * A sidebar entry's name: the server's, unless it is the reference data's English name of a page
 * this app knows, which is said in the user's language.
 */
function linkLabel(key: string, label: string, t: (key: string) => string): string {
  const nav = `nav.${key}`;
  return i18n.exists(`layout:${nav}`) && i18n.getFixedT('en', 'layout')(nav) === label ? t(nav) : label;
}

export function DashboardLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation('layout');
  const [menuOpen, setMenuOpen] = useState(false);
  const { pathname } = useLocation();
  const navigation = useQuery(profileQueries.navigation()).data ?? [];
  const router = useRouter();
  // A page of this app: a route matches the path, and it is not the dashboard's "not found" catch-all.
  const isPage = (path: string) => {
    const deepest = router.matchRoutes(path, {}).at(-1);
    return deepest !== undefined && deepest.routeId !== '__root__' && !deepest.routeId.endsWith('/$');
  };
  const profile = useQuery(profileQueries.details()).data;
  const sessionUser = useQuery(sessionQueries.user()).data;
  const user = profile ?? sessionUser;
  const vessel = useSelectedVessel();
  // An administrator with no vessel of their own is sent to the console's pages by Fleet, Alerts and Charts.
  const ownFleet = useQuery({ ...vesselQueries.list(), enabled: user?.isAdmin === true });
  const adminConsole = user?.isAdmin === true && ownFleet.data !== undefined && ownFleet.data.length === 0;
  useMessagesLive(useSelector(session, (state) => state.context.token));

  useEffect(() => setMenuOpen(false), [pathname]);

  return (
    <div className={`app${menuOpen ? ' app--menu-open' : ''}`}>
      <header className="topbar">
        <button
          type="button"
          className="icon-button topbar__menu"
          aria-label={t('menu')}
          aria-expanded={menuOpen}
          aria-controls="sidebar"
          onClick={() => setMenuOpen((open) => !open)}
        >
          <Icon name="menu" />
        </button>
        <Brand to="/dashboard" />
        {vessel ? (
          <nav className="topbar__crumbs" aria-label={t('breadcrumb')}>
            <Link to="/dashboard">{t('nav.FLEET')}</Link>
            <span aria-hidden="true">›</span>
            <span aria-current="page">{vessel.name}</span>
          </nav>
        ) : null}
        <div className="topbar__actions">
          <UnreadMessages />
          <NotificationBell />
          <UnitToggle />
          <ThemeToggle />
          <Link to="/dashboard/profile" className="topbar__user">
            <span className="visually-hidden">{t('yourProfile')} </span>
            <span className="avatar" aria-hidden="true">
              {(user?.firstName?.[0] ?? '') + (user?.lastName?.[0] ?? '')}
            </span>
            <span className="topbar__user-name">{user ? `${user.firstName} ${user.lastName}` : ''}</span>
          </Link>
        </div>
      </header>
      <aside id="sidebar" className="sidebar" aria-label={t('mainNavigation')}>
        <p className="sidebar__heading">Vessel Link</p>
        <ul className="sidebar__list">
          {sidebarLinks(navigation, isPage, { adminConsole }).map((link) => (
            <li key={link.key}>
              <Link
                to={link.to}
                className="sidebar__link"
                activeProps={{ className: 'is-active' }}
                activeOptions={{ exact: link.to === '/dashboard' || link.to === '/dashboard/admin' }}
              >
                {linkLabel(link.key, link.label, t)}
              </Link>
            </li>
          ))}
        </ul>
        <button type="button" className="sidebar__link sidebar__logout" onClick={() => session.send({ type: 'LOGOUT' })}>
          {t('signOut')}
        </button>
        <p className="sidebar__version">{t('version', { version: UI_VERSION })}</p>
      </aside>
      <main className="app__main" id="main">
        {children}
      </main>
    </div>
  );
}
