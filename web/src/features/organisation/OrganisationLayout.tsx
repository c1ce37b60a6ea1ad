import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../lib/api';
import { DelayedSpinner } from '../loading/DelayedSpinner';
import { CompanyInvitations } from './CompanyInvitations';
import { organisationQueries } from './queries';
import { kindLabel } from './types';
import './organisation.css';

const TABS = [
  { to: '/dashboard/organisation', tab: 'company', exact: true },
  { to: '/dashboard/organisation/staff', tab: 'staff' },
  { to: '/dashboard/organisation/clients', tab: 'clients' },
  { to: '/dashboard/organisation/services', tab: 'services' },
  { to: '/dashboard/organisation/relationships', tab: 'relationships' },
  { to: '/dashboard/organisation/contacts', tab: 'contacts' },
] as const;

/** The organisation area: the company's name and its sections; a person without a company sees their invitations instead. */
export function OrganisationLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation('organisation');
  const organisation = useQuery(organisationQueries.mine());
  if (organisation.isPending) {
    return (
      <div className="page">
        <DelayedSpinner loading label={t('layout.loading')} />
      </div>
    );
  }
  if (organisation.isError) {
    const none = isApiError(organisation.error) && organisation.error.status === 404;
    return (
      <div className="page">
        <header className="page__header">
          <h1>{t('layout.title')}</h1>
        </header>
        <CompanyInvitations />
        <div className="card" role={none ? undefined : 'alert'}>
          <p className={none ? 'muted' : 'form-error'}>{none ? t('layout.noCompany') : t('layout.failed')}</p>
          {none ? null : (
            <button type="button" className="button" onClick={() => void organisation.refetch()}>
              {t('common.tryAgain')}
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
          <p className="muted capitalize">{kindLabel(organisation.data.kind)}</p>
        </div>
      </header>
      <nav className="tabs tabs--scroll" aria-label={t('layout.sections')}>
        {TABS.map((tab) => (
          <Link
            key={tab.to}
            to={tab.to}
            className="tabs__tab"
            activeOptions={{ exact: 'exact' in tab ? tab.exact : false }}
            activeProps={{ className: 'is-selected', 'aria-current': 'page' }}
          >
            {t(`tabs.${tab.tab}`)}
          </Link>
        ))}
      </nav>
      {children}
    </div>
  );
}
