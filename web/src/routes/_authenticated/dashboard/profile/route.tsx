import { createFileRoute, Link, Outlet } from '@tanstack/react-router';
import { pageTitle } from '../../../../features/layout/documentTitle';

export const Route = createFileRoute('/_authenticated/dashboard/profile')({
  head: () => pageTitle('Profile'),
  component: ProfileLayout,
});

function ProfileLayout() {
  return (
    <div className="page">
      <header className="page__header">
        <h1>Profile</h1>
      </header>
      <nav className="tabs tabs--scroll" aria-label="Profile sections">
        <Link to="/dashboard/profile" className="tabs__tab" activeOptions={{ exact: true }} activeProps={{ className: 'is-selected', 'aria-current': 'page' }}>
          Details
        </Link>
        <Link to="/dashboard/profile/preferences" className="tabs__tab" activeProps={{ className: 'is-selected', 'aria-current': 'page' }}>
          Preferences
        </Link>
        <Link to="/dashboard/profile/notifications" className="tabs__tab" activeProps={{ className: 'is-selected', 'aria-current': 'page' }}>
          Notifications
        </Link>
        <Link to="/dashboard/profile/password" className="tabs__tab" activeProps={{ className: 'is-selected', 'aria-current': 'page' }}>
          Password
        </Link>
        <Link to="/dashboard/profile/vendors" className="tabs__tab" activeProps={{ className: 'is-selected', 'aria-current': 'page' }}>
          Companies
        </Link>
        <Link to="/dashboard/profile/payment-methods" className="tabs__tab" activeProps={{ className: 'is-selected', 'aria-current': 'page' }}>
          Payment methods
        </Link>
        <Link to="/dashboard/profile/subscriptions" className="tabs__tab" activeProps={{ className: 'is-selected', 'aria-current': 'page' }}>
          Subscriptions
        </Link>
        <Link to="/dashboard/profile/invoices" className="tabs__tab" activeProps={{ className: 'is-selected', 'aria-current': 'page' }}>
          Invoices
        </Link>
      </nav>
      <Outlet />
    </div>
  );
}
