import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { isApiError } from '../../lib/api';
import { DelayedSpinner } from '../loading/DelayedSpinner';
import { CompanyInvitations } from './CompanyInvitations';
import { organisationQueries } from './queries';
import './organisation.css';

const TABS = [
  { to: '/dashboard/organisation', label: 'Company', exact: true },
  { to: '/dashboard/organisation/staff', label: 'Staff' },
  { to: '/dashboard/organisation/clients', label: 'Clients' },
  { to: '/dashboard/organisation/services', label: 'Services due' },
  { to: '/dashboard/organisation/relationships', label: 'Relationships' },
  { to: '/dashboard/organisation/contacts', label: 'Contacts' },
] as const;

/** The organisation area: the company's name and its sections; a person without a company sees their invitations instead. */
export function OrganisationLayout({ children }: { children: ReactNode }) {
  const organisation = useQuery(organisationQueries.mine());
  if (organisation.isPending) {
    return (
      <div className="page">
        <DelayedSpinner loading label="Loading your organisation…" />
      </div>
    );
  }
  if (organisation.isError) {
    const none = isApiError(organisation.error) && organisation.error.status === 404;
    return (
      <div className="page">
        <header className="page__header">
          <h1>Organisation</h1>
        </header>
        <CompanyInvitations />
        <div className="card" role={none ? undefined : 'alert'}>
          <p className={none ? 'muted' : 'form-error'}>
            {none ? 'You do not work for a company on Vessel Link. A company that invites you appears here.' : 'Your organisation could not be loaded.'}
          </p>
          {none ? null : (
            <button type="button" className="button" onClick={() => void organisation.refetch()}>
              Try again
            </button>
          )}
        </div>
      </div>
    );
  }
  return (
    <div className="page">
      <header className="page__header">
        <div>
          <h1>{organisation.data.name}</h1>
          <p className="muted capitalize">{organisation.data.kind}</p>
        </div>
      </header>
      <nav className="tabs tabs--scroll" aria-label="Organisation sections">
        {TABS.map((tab) => (
          <Link
            key={tab.to}
            to={tab.to}
            className="tabs__tab"
            activeOptions={{ exact: 'exact' in tab ? tab.exact : false }}
            activeProps={{ className: 'is-selected', 'aria-current': 'page' }}
          >
            {tab.label}
          </Link>
        ))}
      </nav>
      {children}
    </div>
  );
}
