import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CompanyInvitations } from './CompanyInvitations';
import { organisationQueries } from './queries';
import { kindLabel, STAFF_PERMISSION_LABELS, STAFF_PERMISSIONS } from './types';

/** The company's profile and what the signed-in member may do for it. */
export function CompanyProfile() {
  const { t } = useTranslation('organisation');
  const organisation = useQuery(organisationQueries.mine());
  const perms = useQuery(organisationQueries.perms());
  if (!organisation.data) return null;
  const company = organisation.data;
  const staffCount = Array.isArray(company.staff) ? company.staff.length : 0;
  return (
    <>
      <CompanyInvitations />
      <section className="card" aria-labelledby="company-profile-title">
        <h2 id="company-profile-title">{t('profile.title')}</h2>
        <dl className="key-figures">
          <div>
            <dt>{t('profile.name')}</dt>
            <dd>{company.name}</dd>
          </div>
          <div>
            <dt>{t('profile.kind')}</dt>
            <dd className="capitalize">{kindLabel(company.kind)}</dd>
          </div>
          <div>
            <dt>{t('common.email')}</dt>
            <dd>{company.email ?? '—'}</dd>
          </div>
          <div>
            <dt>{t('common.phone')}</dt>
            <dd>{company.phone ?? '—'}</dd>
          </div>
          <div>
            <dt>{t('profile.country')}</dt>
            <dd>{company.countryCode ?? '—'}</dd>
          </div>
          <div>
            <dt>{t('profile.website')}</dt>
            <dd>{company.website ?? '—'}</dd>
          </div>
          <div>
            <dt>{t('profile.staff')}</dt>
            <dd>{staffCount}</dd>
          </div>
        </dl>
        <p className="muted">{t('profile.keptByAdmin')}</p>
      </section>
      <section className="card" aria-labelledby="my-permissions-title">
        <h2 id="my-permissions-title">{t('profile.mayDo')}</h2>
        {perms.isPending ? <p className="muted">{t('profile.loading')}</p> : null}
        {perms.isError ? <p className="form-error">{t('profile.permissionsFailed')}</p> : null}
        {perms.data ? (
          <ul className="plain-list">
            <li>{perms.data.role === 'admin' ? t('profile.admin') : t('profile.member')}</li>
            {perms.data.paused ? <li className="text-critical">{t('profile.paused')}</li> : null}
            {STAFF_PERMISSIONS.map((p) => (
              <li key={p}>
                {perms.data[p] ? '✓ ' : '✗ '}
                {STAFF_PERMISSION_LABELS[p]}
              </li>
            ))}
          </ul>
        ) : null}
      </section>
    </>
  );
}
