import { useState } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../app/services';
import { reportActionFailure } from '../../app/failures';
import { failureMessage } from '../../lib/failureMessage';
import { DelayedSpinner } from '../loading/DelayedSpinner';
import { CodeConfirmModal } from '../modal/CodeConfirmModal';
import { ConfirmModal } from '../modal/ConfirmModal';
import { useFormatters } from '../profile/usePreferences';
import { sessionQueries } from '../session/queries';
import { clientName } from './ClientsPage';
import { orgKeys, organisationActions, organisationQueries } from './queries';
import { NotesPanel } from '../notes/NotesPanel';

function ClientNotes({ clientId, canManage }: { clientId: number; canManage: boolean }) {
  const queryClient = useQueryClient();
  const user = useQuery(sessionQueries.user());
  const notes = useQuery(organisationQueries.clientNotes(clientId));
  return (
    <section className="card" aria-labelledby="client-notes-title">
      <h2 id="client-notes-title">Notes</h2>
      <NotesPanel
        variant="section"
        notes={notes}
        add={(messageText) => organisationActions.addNote(clientId, messageText)}
        remove={(noteId) => organisationActions.deleteNote(clientId, noteId)}
        refresh={() => queryClient.invalidateQueries({ queryKey: orgKeys.client(clientId, 'notes') })}
        fieldId="client-note-text"
        placeholder="Only your company’s staff read these notes"
        readers="every staff member"
        canDelete={(note) => canManage || note.authorId === user.data?.id}
      />
    </section>
  );
}

/** One client: details, their vessels (and which the company may reach), notes, unlinking in two steps. */
export function ClientPage({ clientId }: { clientId: number }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const format = useFormatters();
  const client = useQuery(organisationQueries.client(clientId));
  const vessels = useQuery(organisationQueries.clientVessels(clientId));
  const perms = useQuery(organisationQueries.perms());
  const [unlinking, setUnlinking] = useState(false);
  const canManage = perms.data?.manageClients === true && !perms.data.paused;

  if (client.isPending) return <DelayedSpinner loading label="Loading the client…" />;
  if (client.isError)
    return (
      <div className="card" role="alert">
        <p className="form-error">{failureMessage(client.error, 'The client could not be loaded.')}</p>
        <Link to="/dashboard/organisation/clients">Back to the clients</Link>
      </div>
    );
  const c = client.data;
  const done = async () => {
    toast.success(`${clientName(c)} is no longer a client`);
    await queryClient.invalidateQueries({ queryKey: orgKeys.all });
    await navigate({ to: '/dashboard/organisation/clients' });
  };
  return (
    <>
      <p>
        <Link to="/dashboard/organisation/clients">← All clients</Link>
      </p>
      <section className="card" aria-labelledby="client-title">
        <h2 id="client-title">{clientName(c)}</h2>
        <dl className="key-figures">
          <div>
            <dt>E-mail</dt>
            <dd>{c.email ?? '—'}</dd>
          </div>
          <div>
            <dt>Phone</dt>
            <dd>{c.phone ?? '—'}</dd>
          </div>
          <div>
            <dt>Status</dt>
            <dd className="capitalize">{c.status === 'pending' ? 'Invited' : c.status}</dd>
          </div>
          <div>
            <dt>{c.status === 'active' ? 'Client since' : 'Invited on'}</dt>
            <dd>{format.date(c.since)}</dd>
          </div>
        </dl>
        {canManage ? (
          <div className="button-row">
            <button type="button" className="button button--danger" onClick={() => setUnlinking(true)}>
              {c.status === 'active' ? 'Remove client' : 'Withdraw invitation'}
            </button>
          </div>
        ) : null}
      </section>
      <section className="card" aria-labelledby="client-vessels-title">
        <h2 id="client-vessels-title">Vessels</h2>
        {vessels.isPending ? <p className="muted">Loading vessels…</p> : null}
        {vessels.isError ? <p className="form-error">The vessels could not be loaded.</p> : null}
        {vessels.isSuccess && vessels.data.length === 0 ? (
          <p className="empty-state">{c.status === 'active' ? 'This client has no vessels yet.' : 'Vessels show once the client accepts.'}</p>
        ) : null}
        <ul className="list">
          {(vessels.data ?? []).map((v) => (
            <li key={v.id} className="list__item">
              {v.companyAccess ? (
                <Link to="/dashboard/vessels/$vesselId/overview" params={{ vesselId: v.id }}>
                  {v.name}
                </Link>
              ) : (
                <span>{v.name}</span>
              )}
              <span className="muted">
                {v.companyAccess ? 'Your company has technical access' : 'No access: the owner grants it on the vessel’s Users tab'}
              </span>
            </li>
          ))}
        </ul>
      </section>
      <ClientNotes clientId={clientId} canManage={canManage} />
      {unlinking && c.status === 'active' ? (
        <CodeConfirmModal
          title={`Remove ${clientName(c)} as a client`}
          consequences={
            <p>
              {clientName(c)} will no longer be your client, and every note your staff wrote on them will be deleted. Their vessels’ access is not changed: only
              owners change that.
            </p>
          }
          confirmLabel="Remove client"
          request={() => organisationActions.removeClient(c.id)}
          complete={(code) => organisationActions.removeClient(c.id, code)}
          onDone={() => void done()}
          onClose={() => setUnlinking(false)}
        />
      ) : null}
      {unlinking && c.status !== 'active' ? (
        <ConfirmModal
          title="Withdraw the invitation"
          confirmLabel="Withdraw"
          onConfirm={() => void organisationActions.removeClient(c.id).then(done, (error: unknown) => reportActionFailure('Withdrawing the invitation', error))}
          onClose={() => setUnlinking(false)}
        >
          <p>The invitation to {c.email} will be withdrawn, with any notes written on them.</p>
        </ConfirmModal>
      ) : null}
    </>
  );
}
