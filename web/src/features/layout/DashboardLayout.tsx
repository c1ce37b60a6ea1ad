import { useEffect, useState, type ReactNode } from 'react';
import { Link, useLocation, useParams, useRouter } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
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
  const { unitSystem } = usePreferences();
  const update = useUpdatePreferences();
  const next = unitSystem === 'metric' ? 'imperial' : 'metric';
  return (
    <button
      type="button"
      className="chip"
      onClick={() => update.mutate({ unitSystem: next })}
      aria-label={`Units: ${unitSystem}. Switch to ${next}`}
      title={`Switch to ${next} units`}
    >
      {unitSystem === 'metric' ? 'Metric' : 'Imperial'}
    </button>
  );
}

/** The selected vessel is the one the route names (spec 4); there is none once the route no longer holds an id. */
function useSelectedVessel() {
  const { vesselId } = useParams({ strict: false });
  const vessel = useQuery({ ...vesselQueries.detail(vesselId ?? 0), enabled: vesselId !== undefined });
  return vesselId === undefined ? null : (vessel.data ?? null);
}

export function DashboardLayout({ children }: { children: ReactNode }) {
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
          aria-label="Menu"
          aria-expanded={menuOpen}
          aria-controls="sidebar"
          onClick={() => setMenuOpen((open) => !open)}
        >
          <Icon name="menu" />
        </button>
        <Brand to="/dashboard" />
        {vessel ? (
          <nav className="topbar__crumbs" aria-label="Breadcrumb">
            <Link to="/dashboard">Fleet</Link>
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
            <span className="visually-hidden">Your profile: </span>
            <span className="avatar" aria-hidden="true">
              {(user?.firstName?.[0] ?? '') + (user?.lastName?.[0] ?? '')}
            </span>
            <span className="topbar__user-name">{user ? `${user.firstName} ${user.lastName}` : ''}</span>
          </Link>
        </div>
      </header>
      <aside id="sidebar" className="sidebar" aria-label="Main navigation">
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
                {link.label}
              </Link>
            </li>
          ))}
        </ul>
        <button type="button" className="sidebar__link sidebar__logout" onClick={() => session.send({ type: 'LOGOUT' })}>
          Sign out
        </button>
        <p className="sidebar__version">Version {UI_VERSION}</p>
      </aside>
      <main className="app__main" id="main">
        {children}
      </main>
    </div>
  );
}
