import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { failureMessage } from '../../lib/failureMessage';
import { DelayedSpinner } from '../loading/DelayedSpinner';
import { ConfirmModal } from '../modal/ConfirmModal';
import { useFormatters } from '../profile/usePreferences';
import { organisationActions, organisationQueries } from './queries';
import { useOrgAction } from './useOrgAction';
import { kindLabel, type Contact, type Contacts, type RelationshipView } from './types';

/** Relationships with other companies: ask one, accept a request, end one (asks first). */
export function RelationshipsPage() {
  const { t } = useTranslation('organisation');
  const format = useFormatters();
  const relationships = useQuery(organisationQueries.relationships());
  const perms = useQuery(organisationQueries.perms());
  const mine = useQuery(organisationQueries.mine());
  const companies = useQuery(organisationQueries.companies());
  const [companyId, setCompanyId] = useState('');
  const [ending, setEnding] = useState<RelationshipView | null>(null);
  const canManage = perms.data?.manageRelationships === true && !perms.data.paused;
  const create = useOrgAction((id: number) => organisationActions.createRelationship(id), {
    success: (rel) => t('relationships.requestSent', { company: rel.company.name }),
    after: () => setCompanyId(''),
  });
  const accept = useOrgAction((rel: RelationshipView) => organisationActions.acceptRelationship(rel.id), {
    success: (rel) => t('relationships.nowWorking', { company: rel.company.name }),
    failure: t('relationships.accepting'),
  });
  const end = useOrgAction((rel: RelationshipView) => organisationActions.removeRelationship(rel.id), {
    success: () => t('relationships.ended'),
    failure: t('relationships.ending'),
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
          <h2 id="new-relationship-title">{t('relationships.newTitle')}</h2>
          <div className="field">
            <label htmlFor="relationship-company" className="field__label">
              {t('relationships.company')}
            </label>
            <select id="relationship-company" className="input" value={companyId} onChange={(event) => setCompanyId(event.target.value)} required>
              <option value="">{t('relationships.choose')}</option>
              {candidates.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name} ({kindLabel(c.kind)})
                </option>
              ))}
            </select>
            <p className="field__hint">{t('relationships.hint')}</p>
          </div>
          {create.isError ? (
            <p className="form-error" role="alert">
              {failureMessage(create.error)}
            </p>
          ) : null}
          <div className="button-row">
            <button type="submit" className="button button--primary" disabled={!companyId || create.isPending}>
              {t('relationships.send')}
            </button>
          </div>
        </form>
      ) : null}
      <section className="card" aria-labelledby="relationships-title">
        <h2 id="relationships-title">{t('relationships.title')}</h2>
        <DelayedSpinner loading={relationships.isPending} label={t('relationships.loading')} />
        {relationships.isError ? (
          <p className="form-error" role="alert">
            {failureMessage(relationships.error, t('relationships.failed'))}
          </p>
        ) : null}
        {relationships.isSuccess && relationships.data.length === 0 ? <p className="empty-state">{t('relationships.empty')}</p> : null}
        <ul className="list">
          {(relationships.data ?? []).map((rel) => (
            <li key={rel.id} className="list__item">
              <span>
                <strong>{rel.company.name}</strong> <span className="muted capitalize">{kindLabel(rel.company.kind)}</span>
                <br />
                <span className="muted">
                  {t(rel.status === 'accepted' ? 'relationships.together' : rel.direction === 'incoming' ? 'relationships.incoming' : 'relationships.waiting', {
                    date: format.date(rel.createdAt),
                  })}
                </span>
              </span>
              {canManage ? (
                <span className="button-row">
                  {rel.status === 'pending' && rel.direction === 'incoming' ? (
                    <button type="button" className="button button--primary button--small" disabled={accept.isPending} onClick={() => accept.mutate(rel)}>
                      {t('common.accept')}
                    </button>
                  ) : null}
                  <button
                    type="button"
                    className="button button--small button--danger"
                    onClick={() => setEnding(rel)}
                    aria-label={t('relationships.endWith', { company: rel.company.name })}
                  >
                    {rel.status === 'accepted' ? t('relationships.end') : rel.direction === 'incoming' ? t('common.decline') : t('relationships.withdraw')}
                  </button>
                </span>
              ) : null}
            </li>
          ))}
        </ul>
      </section>
      {ending ? (
        <ConfirmModal
          title={t('relationships.endWith', { company: ending.company.name })}
          confirmLabel={t('relationships.end')}
          pending={end.isPending}
          onConfirm={() => end.mutate(ending)}
          onClose={() => setEnding(null)}
        >
          <p>{t('relationships.endText', { company: ending.company.name })}</p>
        </ConfirmModal>
      ) : null}
    </>
  );
}

const GROUPS: Array<keyof Contacts> = ['clients', 'staff', 'dealers', 'contractors', 'manufacturers'];

function ContactList({ contacts }: { contacts: Contact[] }) {
  const { t } = useTranslation('organisation');
  if (contacts.length === 0) return <p className="muted">{t('contacts.none')}</p>;
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
  const { t } = useTranslation('organisation');
  const contacts = useQuery(organisationQueries.contacts());
  return (
    <>
      <DelayedSpinner loading={contacts.isPending} label={t('contacts.loading')} />
      {contacts.isError ? (
        <p className="form-error card" role="alert">
          {failureMessage(contacts.error, t('contacts.failed'))}
        </p>
      ) : null}
      {contacts.data
        ? GROUPS.map((group) => (
            <section key={group} className="card" aria-labelledby={`contacts-${group}`}>
              <h2 id={`contacts-${group}`}>{t(`contacts.groups.${group}`)}</h2>
              <ContactList contacts={contacts.data[group]} />
            </section>
          ))
        : null}
    </>
  );
}
