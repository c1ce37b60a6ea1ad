import { type ReactNode, useEffect, useRef } from 'react';
import { Link, useRouterState } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import './admin.css';

/** The admin area's sections, in the order of the section tabs. */
export const ADMIN_SECTIONS = [
  { to: '/dashboard/admin', key: 'overview' },
  { to: '/dashboard/admin/users', key: 'users' },
  { to: '/dashboard/admin/vessels', key: 'vessels' },
  { to: '/dashboard/admin/alerts', key: 'alerts' },
  { to: '/dashboard/admin/companies', key: 'companies' },
  { to: '/dashboard/admin/vessel-models', key: 'vesselModels' },
  { to: '/dashboard/admin/bridges', key: 'bridges' },
  { to: '/dashboard/admin/rollouts', key: 'rollouts' },
  { to: '/dashboard/admin/subscriptions', key: 'subscriptions' },
  { to: '/dashboard/admin/vouchers', key: 'vouchers' },
  { to: '/dashboard/admin/products', key: 'products' },
  { to: '/dashboard/admin/logs', key: 'auditTrail' },
  { to: '/dashboard/admin/error-reports', key: 'errorReports' },
  { to: '/dashboard/admin/mail', key: 'mail' },
  { to: '/dashboard/admin/reference', key: 'reference' },
] as const;

export function AdminLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation('admin');
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const strip = useRef<HTMLElement>(null);
  // At phone width the sections scroll sideways: the open one is brought into view (as the vessel's tabs).
  useEffect(() => {
    strip.current?.querySelector('[aria-current="page"]')?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [pathname]);
  return (
    <div className="page admin">
      <nav ref={strip} className="tabs tabs--wrap admin__sections" aria-label={t('layout.sections')}>
        {ADMIN_SECTIONS.map((section) => (
          <Link
            key={section.to}
            to={section.to}
            className="tabs__tab"
            activeOptions={{ exact: section.to === '/dashboard/admin', includeSearch: false }}
            activeProps={{ className: 'is-selected', 'aria-current': 'page' }}
          >
            {t(`sections.${section.key}`)}
          </Link>
        ))}
      </nav>
      {children}
    </div>
  );
}

/** The heading row of an admin page, with its main action. */
export function AdminHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <header className="page__header">
      <h1>{title}</h1>
      {children ? <div className="button-row">{children}</div> : null}
    </header>
  );
}
