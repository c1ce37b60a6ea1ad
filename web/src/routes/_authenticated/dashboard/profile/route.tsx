import { createFileRoute, Link, Outlet } from '@tanstack/react-router';

export const Route = createFileRoute('/_authenticated/dashboard/profile')({
  component: ProfileLayout,
});

function ProfileLayout() {
  return (
    <div className="page">
      <header className="page__header">
        <h1>Profile</h1>
      </header>
      <nav className="tabs" aria-label="Profile sections">
        <Link to="/dashboard/profile" className="tabs__tab" activeOptions={{ exact: true }} activeProps={{ className: 'is-selected', 'aria-current': 'page' }}>
          Details
        </Link>
        <Link to="/dashboard/profile/preferences" className="tabs__tab" activeProps={{ className: 'is-selected', 'aria-current': 'page' }}>
          Preferences
        </Link>
        <Link to="/dashboard/profile/password" className="tabs__tab" activeProps={{ className: 'is-selected', 'aria-current': 'page' }}>
          Password
        </Link>
      </nav>
      <Outlet />
    </div>
  );
}
