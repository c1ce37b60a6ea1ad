import { createFileRoute, Link, Outlet } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { pageTitle } from '../../../../features/layout/documentTitle';
import { i18n } from '../../../../i18n';

export const Route = createFileRoute('/_authenticated/dashboard/profile')({
  head: () => pageTitle(i18n.t('common:titles.profile')),
  component: ProfileLayout,
});

function ProfileLayout() {
  const { t } = useTranslation();
  return (
    <div className="page">
      <header className="page__header">
        <h1>{t('titles.profile')}</h1>
      </header>
      <nav className="tabs tabs--scroll" aria-label={t('profile.sections')}>
        <Link to="/dashboard/profile" className="tabs__tab" activeOptions={{ exact: true }} activeProps={{ className: 'is-selected', 'aria-current': 'page' }}>
          {t('profile.details')}
        </Link>
        <Link to="/dashboard/profile/preferences" className="tabs__tab" activeProps={{ className: 'is-selected', 'aria-current': 'page' }}>
          {t('titles.preferences')}
        </Link>
        <Link to="/dashboard/profile/notifications" className="tabs__tab" activeProps={{ className: 'is-selected', 'aria-current': 'page' }}>
          {t('titles.notifications')}
        </Link>
        <Link to="/dashboard/profile/password" className="tabs__tab" activeProps={{ className: 'is-selected', 'aria-current': 'page' }}>
          {t('titles.password')}
        </Link>
        <Link to="/dashboard/profile/vendors" className="tabs__tab" activeProps={{ className: 'is-selected', 'aria-current': 'page' }}>
          {t('titles.companies')}
        </Link>
        <Link to="/dashboard/profile/payment-methods" className="tabs__tab" activeProps={{ className: 'is-selected', 'aria-current': 'page' }}>
          {t('titles.paymentMethods')}
        </Link>
        <Link to="/dashboard/profile/subscriptions" className="tabs__tab" activeProps={{ className: 'is-selected', 'aria-current': 'page' }}>
          {t('titles.subscriptions')}
        </Link>
        <Link to="/dashboard/profile/invoices" className="tabs__tab" activeProps={{ className: 'is-selected', 'aria-current': 'page' }}>
          {t('titles.invoices')}
        </Link>
      </nav>
      <Outlet />
    </div>
  );
}
