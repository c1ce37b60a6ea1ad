import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { failureMessage } from '../../lib/failureMessage';
import { DelayedSpinner } from '../loading/DelayedSpinner';
import { ConfirmModal } from '../modal/ConfirmModal';
import { useFormatters } from '../profile/usePreferences';
import { organisationActions, organisationQueries } from './queries';
import { useOrgAction } from './useOrgAction';
import type { Contact, Contacts, RelationshipView } from './types';

/** Relationships with other companies: ask one, accept a request, end one (asks first). */
export function RelationshipsPage() {
  const format = useFormatters();
  const relationships = useQuery(organisationQueries.relationships());
  const perms = useQuery(organisationQueries.perms());
  const mine = useQuery(organisationQueries.mine());
  const companies = useQuery(organisationQueries.companies());
  const [companyId, setCompanyId] = useState('');
  const [ending, setEnding] = useState<RelationshipView | null>(null);
  const canManage = perms.data?.manageRelationships === true && !perms.data.paused;
  const create = useOrgAction((id: number) => organisationActions.createRelationship(id), {
    success: (rel) => `Request sent to ${rel.company.name}`,
    after: () => setCompanyId(''),
  });
  const accept = useOrgAction((rel: RelationshipView) => organisationActions.acceptRelationship(rel.id), {
    success: (rel) => `You now work with ${rel.company.name}`,
    failure: 'Accepting the relationship',
  });
  const end = useOrgAction((rel: RelationshipView) => organisationActions.removeRelationship(rel.id), {
    success: () => 'Relationship ended',
    failure: 'Ending the relationship',
    after: () => setEnding(null),
  });
  const related = new Set((relationships.data ?? []).map((r) => r.company.id));
  const candidates = (companies.data ?? []).filter((c) => c.id !== mine.data?.id && !related.has(c.id));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (companyId) create.mutate(Number(companyId));
  };

  return (
    <>
      {canManage ? (
        <form className="card form" onSubmit={submit} aria-labelledby="new-relationship-title">
          <h2 id="new-relationship-title">Work with another company</h2>
          <div className="field">
            <label htmlFor="relationship-company" className="field__label">
              Company
            </label>
            <select id="relationship-company" className="input" value={companyId} onChange={(event) => setCompanyId(event.target.value)} required>
              <option value="">Choose a company</option>
              {candidates.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name} ({c.kind})
                </option>
              ))}
            </select>
            <p className="field__hint">The other company accepts the request before you appear in each other’s contacts.</p>
          </div>
          {create.isError ? (
            <p className="form-error" role="alert">
              {failureMessage(create.error)}
            </p>
          ) : null}
          <div className="button-row">
            <button type="submit" className="button button--primary" disabled={!companyId || create.isPending}>
              Send request
            </button>
          </div>
        </form>
      ) : null}
      <section className="card" aria-labelledby="relationships-title">
        <h2 id="relationships-title">Relationships</h2>
        <DelayedSpinner loading={relationships.isPending} label="Loading relationships…" />
        {relationships.isError ? (
          <p className="form-error" role="alert">
            {failureMessage(relationships.error, 'The relationships could not be loaded.')}
          </p>
        ) : null}
        {relationships.isSuccess && relationships.data.length === 0 ? <p className="empty-state">No relationships with other companies yet.</p> : null}
        <ul className="list">
          {(relationships.data ?? []).map((rel) => (
            <li key={rel.id} className="list__item">
              <span>
                <strong>{rel.company.name}</strong> <span className="muted capitalize">{rel.company.kind}</span>
                <br />
                <span className="muted">
                  {rel.status === 'accepted' ? 'Working together' : rel.direction === 'incoming' ? 'Asks to work with you' : 'Waiting for their answer'} · since{' '}
                  {format.date(rel.createdAt)}
                </span>
              </span>
              {canManage ? (
                <span className="button-row">
                  {rel.status === 'pending' && rel.direction === 'incoming' ? (
                    <button type="button" className="button button--primary button--small" disabled={accept.isPending} onClick={() => accept.mutate(rel)}>
                      Accept
                    </button>
                  ) : null}
                  <button
                    type="button"
                    className="button button--small button--danger"
                    onClick={() => setEnding(rel)}
                    aria-label={`End the relationship with ${rel.company.name}`}
                  >
                    {rel.status === 'accepted' ? 'End' : rel.direction === 'incoming' ? 'Decline' : 'Withdraw'}
                  </button>
                </span>
              ) : null}
            </li>
          ))}
        </ul>
      </section>
      {ending ? (
        <ConfirmModal
          title={`End the relationship with ${ending.company.name}`}
          confirmLabel="End"
          pending={end.isPending}
          onConfirm={() => end.mutate(ending)}
          onClose={() => setEnding(null)}
        >
          <p>{ending.company.name} leaves your contacts, and you leave theirs. Access to vessels is not changed: owners decide that.</p>
        </ConfirmModal>
      ) : null}
    </>
  );
}

const GROUPS: Array<{ key: keyof Contacts; title: string }> = [
  { key: 'clients', title: 'Clients' },
  { key: 'staff', title: 'Staff' },
  { key: 'dealers', title: 'Dealers' },
  { key: 'contractors', title: 'Contractors' },
  { key: 'manufacturers', title: 'Manufacturers' },
];

function ContactList({ contacts }: { contacts: Contact[] }) {
  if (contacts.length === 0) return <p className="muted">None yet.</p>;
  return (
    <ul className="list">
      {contacts.map((c) => (
        <li key={`${c.kind}-${c.id}`} className="list__item">
          <strong>{c.name}</strong>
          {c.email ? <a href={`mailto:${c.email}`}>{c.email}</a> : null}
        </li>
      ))}
    </ul>
  );
}

/** The company's contacts grouped as clients, staff, dealers, contractors and manufacturers. */
export function ContactsPage() {
  const contacts = useQuery(organisationQueries.contacts());
  return (
    <>
      <DelayedSpinner loading={contacts.isPending} label="Loading contacts…" />
      {contacts.isError ? (
        <p className="form-error card" role="alert">
          {failureMessage(contacts.error, 'The contacts could not be loaded.')}
        </p>
      ) : null}
      {contacts.data
        ? GROUPS.map((group) => (
            <section key={group.key} className="card" aria-labelledby={`contacts-${group.key}`}>
              <h2 id={`contacts-${group.key}`}>{group.title}</h2>
              <ContactList contacts={contacts.data[group.key]} />
            </section>
          ))
        : null}
    </>
  );
}
