import { useMemo, useState, type FormEvent } from 'react';
import { Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { i18n } from '../../i18n';
import { failureMessage } from '../../lib/failureMessage';
import { DelayedSpinner } from '../loading/DelayedSpinner';
import { useFormatters } from '../profile/usePreferences';
import { organisationActions, organisationQueries } from './queries';
import { useOrgAction } from './useOrgAction';
import type { ClientView } from './types';

export const clientName = (c: ClientView) => `${c.firstName} ${c.lastName}`.trim() || c.email || i18n.t('organisation:common.invitedPerson');

/** The company's clients: add one by e-mail, find one, open their details, notes and vessels. */
export function ClientsPage() {
  const { t } = useTranslation('organisation');
  const format = useFormatters();
  const clients = useQuery(organisationQueries.clients());
  const perms = useQuery(organisationQueries.perms());
  const [email, setEmail] = useState('');
  const [filter, setFilter] = useState('');
  const canManage = perms.data?.manageClients === true && !perms.data.paused;
  const add = useOrgAction((address: string) => organisationActions.addClient(address), {
    success: (client) => t('common.invitationSent', { email: client.email ?? '' }),
    after: () => setEmail(''),
  });
  const resend = useOrgAction((client: ClientView) => organisationActions.resendClientInvite(client.id), {
    success: (client) => t('common.invitationSentAgain', { email: client.email ?? '' }),
    failure: t('common.sendingAgain'),
  });
  const shown = useMemo(() => {
    const term = filter.trim().toLowerCase();
    const list = clients.data ?? [];
    return term ? list.filter((c) => `${clientName(c)} ${c.email ?? ''}`.toLowerCase().includes(term)) : list;
  }, [clients.data, filter]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (email.trim()) add.mutate(email.trim());
  };

  return (
    <>
      {canManage ? (
        <form className="card form" onSubmit={submit} aria-labelledby="add-client-title">
          <h2 id="add-client-title">{t('clients.addTitle')}</h2>
          <div className="field">
            <label htmlFor="add-client-email" className="field__label">
              {t('clients.emailLabel')}
            </label>
            <input id="add-client-email" className="input" type="email" required value={email} onChange={(event) => setEmail(event.target.value)} />
            <p className="field__hint">{t('clients.addHint')}</p>
          </div>
          {add.isError ? (
            <p className="form-error" role="alert">
              {failureMessage(add.error)}
            </p>
          ) : null}
          <div className="button-row">
            <button type="submit" className="button button--primary" disabled={add.isPending || !email.trim()}>
              {t('common.sendInvitation')}
            </button>
          </div>
        </form>
      ) : null}
      <section className="card" aria-labelledby="clients-title">
        <div className="org-section-header">
          <h2 id="clients-title">{t('clients.title')}</h2>
          {(clients.data?.length ?? 0) > 5 ? (
            <label className="search">
              <span className="visually-hidden">{t('clients.find')}</span>
              <input className="input" type="search" placeholder={t('clients.find')} value={filter} onChange={(event) => setFilter(event.target.value)} />
            </label>
          ) : null}
        </div>
        <DelayedSpinner loading={clients.isPending} label={t('clients.loading')} />
        {clients.isError ? (
          <p className="form-error" role="alert">
            {failureMessage(clients.error, t('clients.failed'))}
          </p>
        ) : null}
        {clients.isSuccess && clients.data.length === 0 ? <p className="empty-state">{t('clients.empty')}</p> : null}
        <ul className="list">
          {shown.map((client) => (
            <li key={client.id} className="list__item">
              <span>
                <Link to="/dashboard/organisation/clients/$clientId" params={{ clientId: client.id }}>
                  <strong>{clientName(client)}</strong>
                </Link>{' '}
                {clientName(client) !== client.email ? <span className="muted">{client.email}</span> : null}
                <br />
                {client.status === 'active' ? (
                  <span className="muted">{t('clients.summary', { count: client.vesselCount, date: format.date(client.since) })}</span>
                ) : null}
                {client.status === 'pending' ? (
                  <span className="chip chip--neutral">{t('common.invitedUntil', { date: client.expiresAt ? format.date(client.expiresAt) : '—' })}</span>
                ) : null}
                {client.status === 'expired' ? <span className="chip chip--warning">{t('common.invitationExpired')}</span> : null}
              </span>
              {canManage && client.status !== 'active' ? (
                <button
                  type="button"
                  className="button button--small"
                  disabled={resend.isPending}
                  onClick={() => resend.mutate(client)}
                  aria-label={t('clients.sendAgainTo', { email: client.email ?? '' })}
                >
                  {t('common.sendAgain')}
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
