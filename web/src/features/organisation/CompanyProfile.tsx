import { useQuery } from '@tanstack/react-query';
import { CompanyInvitations } from './CompanyInvitations';
import { organisationQueries } from './queries';
import { STAFF_PERMISSION_LABELS, STAFF_PERMISSIONS } from './types';

/** The company's profile and what the signed-in member may do for it. */
export function CompanyProfile() {
  const organisation = useQuery(organisationQueries.mine());
  const perms = useQuery(organisationQueries.perms());
  if (!organisation.data) return null;
  const company = organisation.data;
  const staffCount = Array.isArray(company.staff) ? company.staff.length : 0;
  return (
    <>
      <CompanyInvitations />
      <section className="card" aria-labelledby="company-profile-title">
        <h2 id="company-profile-title">Company profile</h2>
        <dl className="key-figures">
          <div>
            <dt>Name</dt>
            <dd>{company.name}</dd>
          </div>
          <div>
            <dt>Kind</dt>
            <dd className="capitalize">{company.kind}</dd>
          </div>
          <div>
            <dt>E-mail</dt>
            <dd>{company.email ?? '—'}</dd>
          </div>
          <div>
            <dt>Phone</dt>
            <dd>{company.phone ?? '—'}</dd>
          </div>
          <div>
            <dt>Country</dt>
            <dd>{company.countryCode ?? '—'}</dd>
          </div>
          <div>
            <dt>Website</dt>
            <dd>{company.website ?? '—'}</dd>
          </div>
          <div>
            <dt>Staff</dt>
            <dd>{staffCount}</dd>
          </div>
        </dl>
        <p className="muted">A platform administrator keeps the company’s details up to date.</p>
      </section>
      <section className="card" aria-labelledby="my-permissions-title">
        <h2 id="my-permissions-title">What you may do for the company</h2>
        {perms.isPending ? <p className="muted">Loading…</p> : null}
        {perms.isError ? <p className="form-error">Your permissions could not be loaded.</p> : null}
        {perms.data ? (
          <ul className="plain-list">
            <li>{perms.data.role === 'admin' ? 'You are an administrator of the company: you may do everything.' : 'You are a staff member.'}</li>
            {perms.data.paused ? <li className="text-critical">Your place in the company is paused.</li> : null}
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
