import { useState } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
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
  const { t } = useTranslation('organisation');
  const queryClient = useQueryClient();
  const user = useQuery(sessionQueries.user());
  const notes = useQuery(organisationQueries.clientNotes(clientId));
  return (
    <section className="card" aria-labelledby="client-notes-title">
      <h2 id="client-notes-title">{t('client.notes')}</h2>
      <NotesPanel
        variant="section"
        notes={notes}
        add={(messageText) => organisationActions.addNote(clientId, messageText)}
        remove={(noteId) => organisationActions.deleteNote(clientId, noteId)}
        refresh={() => queryClient.invalidateQueries({ queryKey: orgKeys.client(clientId, 'notes') })}
        fieldId="client-note-text"
        placeholder={t('client.notesPlaceholder')}
        readers={t('client.readers')}
        canDelete={(note) => canManage || note.authorId === user.data?.id}
      />
    </section>
  );
}

/** One client: details, their vessels (and which the company may reach), notes, unlinking in two steps. */
export function ClientPage({ clientId }: { clientId: number }) {
  const { t } = useTranslation('organisation');
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const format = useFormatters();
  const client = useQuery(organisationQueries.client(clientId));
  const vessels = useQuery(organisationQueries.clientVessels(clientId));
  const perms = useQuery(organisationQueries.perms());
  const [unlinking, setUnlinking] = useState(false);
  const canManage = perms.data?.manageClients === true && !perms.data.paused;

  if (client.isPending) return <DelayedSpinner loading label={t('client.loading')} />;
  if (client.isError)
    return (
      <div className="card" role="alert">
        <p className="form-error">{failureMessage(client.error, t('client.failed'))}</p>
        <Link to="/dashboard/organisation/clients">{t('client.back')}</Link>
      </div>
    );
  const c = client.data;
  const done = async () => {
    toast.success(t('client.removed', { name: clientName(c) }));
    await queryClient.invalidateQueries({ queryKey: orgKeys.all });
    await navigate({ to: '/dashboard/organisation/clients' });
  };
  return (
    <>
      <p>
        <Link to="/dashboard/organisation/clients">{t('client.all')}</Link>
      </p>
      <section className="card" aria-labelledby="client-title">
        <h2 id="client-title">{clientName(c)}</h2>
        <dl className="key-figures">
          <div>
            <dt>{t('common.email')}</dt>
            <dd>{c.email ?? '—'}</dd>
          </div>
          <div>
            <dt>{t('common.phone')}</dt>
            <dd>{c.phone ?? '—'}</dd>
          </div>
          <div>
            <dt>{t('client.status')}</dt>
            <dd className="capitalize">{t(`client.statuses.${c.status}`, { defaultValue: c.status })}</dd>
          </div>
          <div>
            <dt>{c.status === 'active' ? t('client.since') : t('client.invitedOn')}</dt>
            <dd>{format.date(c.since)}</dd>
          </div>
        </dl>
        {canManage ? (
          <div className="button-row">
            <button type="button" className="button button--danger" onClick={() => setUnlinking(true)}>
              {c.status === 'active' ? t('client.remove') : t('client.withdrawInvitation')}
            </button>
          </div>
        ) : null}
      </section>
      <section className="card" aria-labelledby="client-vessels-title">
        <h2 id="client-vessels-title">{t('client.vessels')}</h2>
        {vessels.isPending ? <p className="muted">{t('common.loadingVessels')}</p> : null}
        {vessels.isError ? <p className="form-error">{t('client.vesselsFailed')}</p> : null}
        {vessels.isSuccess && vessels.data.length === 0 ? (
          <p className="empty-state">{c.status === 'active' ? t('client.noVessels') : t('client.vesselsOnceAccepted')}</p>
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
              <span className="muted">{v.companyAccess ? t('client.technicalAccess') : t('client.noAccess')}</span>
            </li>
          ))}
        </ul>
      </section>
      <ClientNotes clientId={clientId} canManage={canManage} />
      {unlinking && c.status === 'active' ? (
        <CodeConfirmModal
          title={t('client.removeTitle', { name: clientName(c) })}
          consequences={<p>{t('client.removeText', { name: clientName(c) })}</p>}
          confirmLabel={t('client.remove')}
          request={() => organisationActions.removeClient(c.id)}
          complete={(code) => organisationActions.removeClient(c.id, code)}
          onDone={() => void done()}
          onClose={() => setUnlinking(false)}
        />
      ) : null}
      {unlinking && c.status !== 'active' ? (
        <ConfirmModal
          title={t('client.withdrawTitle')}
          confirmLabel={t('client.withdraw')}
          onConfirm={() => void organisationActions.removeClient(c.id).then(done, (error: unknown) => reportActionFailure(t('client.withdrawing'), error))}
          onClose={() => setUnlinking(false)}
        >
          <p>{t('client.withdrawText', { email: c.email ?? '' })}</p>
        </ConfirmModal>
      ) : null}
    </>
  );
}
