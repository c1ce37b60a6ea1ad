import { type ReactNode, useEffect, useRef } from 'react';
import { Link, useRouterState } from '@tanstack/react-router';
import './admin.css';

/** The admin area's sections, in the order of the section tabs. */
export const ADMIN_SECTIONS = [
  { to: '/dashboard/admin', label: 'Overview' },
  { to: '/dashboard/admin/users', label: 'Users' },
  { to: '/dashboard/admin/vessels', label: 'Vessels' },
  { to: '/dashboard/admin/alerts', label: 'Alerts' },
  { to: '/dashboard/admin/companies', label: 'Companies' },
  { to: '/dashboard/admin/vessel-models', label: 'Vessel models' },
  { to: '/dashboard/admin/bridges', label: 'Bridges' },
  { to: '/dashboard/admin/rollouts', label: 'Rollouts' },
  { to: '/dashboard/admin/subscriptions', label: 'Subscriptions' },
  { to: '/dashboard/admin/vouchers', label: 'Vouchers' },
  { to: '/dashboard/admin/products', label: 'Products' },
  { to: '/dashboard/admin/logs', label: 'Audit trail' },
  { to: '/dashboard/admin/error-reports', label: 'Error reports' },
  { to: '/dashboard/admin/mail', label: 'Mail outbox' },
  { to: '/dashboard/admin/reference', label: 'Reference lists' },
] as const;

export function AdminLayout({ children }: { children: ReactNode }) {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const strip = useRef<HTMLElement>(null);
  // At phone width the sections scroll sideways: the open one is brought into view (as the vessel's tabs).
  useEffect(() => {
    strip.current?.querySelector('[aria-current="page"]')?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [pathname]);
  return (
    <div className="page admin">
      <nav ref={strip} className="tabs tabs--wrap admin__sections" aria-label="Administration sections">
        {ADMIN_SECTIONS.map((section) => (
          <Link
            key={section.to}
            to={section.to}
            className="tabs__tab"
            activeOptions={{ exact: section.to === '/dashboard/admin', includeSearch: false }}
            activeProps={{ className: 'is-selected', 'aria-current': 'page' }}
          >
            {section.label}
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
