import { useMemo, useState, type FormEvent } from 'react';
import { Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { failureMessage } from '../../lib/failureMessage';
import { DelayedSpinner } from '../loading/DelayedSpinner';
import { useFormatters } from '../profile/usePreferences';
import { organisationActions, organisationQueries } from './queries';
import { useOrgAction } from './useOrgAction';
import type { ClientView } from './types';

export const clientName = (c: ClientView) => `${c.firstName} ${c.lastName}`.trim() || c.email || 'Invited person';

/** The company's clients: add one by e-mail, find one, open their details, notes and vessels. */
export function ClientsPage() {
  const format = useFormatters();
  const clients = useQuery(organisationQueries.clients());
  const perms = useQuery(organisationQueries.perms());
  const [email, setEmail] = useState('');
  const [filter, setFilter] = useState('');
  const canManage = perms.data?.manageClients === true && !perms.data.paused;
  const add = useOrgAction((address: string) => organisationActions.addClient(address), {
    success: (client) => `Invitation sent to ${client.email}`,
    after: () => setEmail(''),
  });
  const resend = useOrgAction((client: ClientView) => organisationActions.resendClientInvite(client.id), {
    success: (client) => `Invitation sent again to ${client.email}`,
    failure: 'Sending the invitation again',
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
          <h2 id="add-client-title">Add a client</h2>
          <div className="field">
            <label htmlFor="add-client-email" className="field__label">
              Client’s e-mail address
            </label>
            <input id="add-client-email" className="input" type="email" required value={email} onChange={(event) => setEmail(event.target.value)} />
            <p className="field__hint">
              They receive an invitation valid for 14 days. Becoming your client does not open their vessels: owners grant that on each vessel.
            </p>
          </div>
          {add.isError ? (
            <p className="form-error" role="alert">
              {failureMessage(add.error)}
            </p>
          ) : null}
          <div className="button-row">
            <button type="submit" className="button button--primary" disabled={add.isPending || !email.trim()}>
              Send invitation
            </button>
          </div>
        </form>
      ) : null}
      <section className="card" aria-labelledby="clients-title">
        <div className="org-section-header">
          <h2 id="clients-title">Clients</h2>
          {(clients.data?.length ?? 0) > 5 ? (
            <label className="search">
              <span className="visually-hidden">Find a client</span>
              <input className="input" type="search" placeholder="Find a client" value={filter} onChange={(event) => setFilter(event.target.value)} />
            </label>
          ) : null}
        </div>
        <DelayedSpinner loading={clients.isPending} label="Loading clients…" />
        {clients.isError ? (
          <p className="form-error" role="alert">
            {failureMessage(clients.error, 'The clients could not be loaded.')}
          </p>
        ) : null}
        {clients.isSuccess && clients.data.length === 0 ? <p className="empty-state">No clients yet. Add one by e-mail.</p> : null}
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
                  <span className="muted">
                    {client.vesselCount} {client.vesselCount === 1 ? 'vessel' : 'vessels'} · client since {format.date(client.since)}
                  </span>
                ) : null}
                {client.status === 'pending' ? (
                  <span className="chip chip--neutral">Invited · until {client.expiresAt ? format.date(client.expiresAt) : '—'}</span>
                ) : null}
                {client.status === 'expired' ? <span className="chip chip--warning">Invitation expired</span> : null}
              </span>
              {canManage && client.status !== 'active' ? (
                <button
                  type="button"
                  className="button button--small"
                  disabled={resend.isPending}
                  onClick={() => resend.mutate(client)}
                  aria-label={`Send the invitation again to ${client.email}`}
                >
                  Send again
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
