import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Trans, useTranslation } from 'react-i18next';
import { toast } from '../../app/services';
import { reportActionFailure } from '../../app/failures';
import { failureMessage } from '../../lib/failureMessage';
import { useEdited } from '../forms/edited';
import { TextField } from '../forms/Field';
import { DelayedSpinner } from '../loading/DelayedSpinner';
import { ConfirmModal } from '../modal/ConfirmModal';
import { Modal } from '../modal/Modal';
import { useFormatters } from '../profile/usePreferences';
import { sessionQueries } from '../session/queries';
import { interfaceActions, interfaceQueries } from './queries';
import type { IssuedToken, VesselInterface } from './types';
import './interfaces.css';
import { HIDDEN } from '../../i18n/hidden';

type Dialog = { kind: 'token'; name: string; issued: IssuedToken } | { kind: 'rename' | 'delete'; target: VesselInterface } | null;

/**
 * The vessel's interfaces (docs/api.md, "Interfaces"): third-party systems posting Signal K deltas
 * with a token of their own. A token is shown once, when made or rotated, and posts with the access
 * of whoever issued it (docs/security.md, "Interface tokens").
 */
export function InterfacesSection({ vesselId, canManage }: { vesselId: number; canManage: boolean }) {
  const { t } = useTranslation('interfaces');
  const queryClient = useQueryClient();
  const list = useQuery(interfaceQueries.list(vesselId));
  const me = useQuery(sessionQueries.user()).data;
  const format = useFormatters();
  const [name, setName] = useState('');
  const [dialog, setDialog] = useState<Dialog>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: interfaceQueries.list(vesselId).queryKey });

  const create = useMutation({
    mutationFn: (newName: string) => interfaceActions.create(vesselId, newName),
    onSuccess: (created) => {
      setName('');
      setDialog({ kind: 'token', name: created.name, issued: created });
      return refresh();
    },
    onError: (error) => reportActionFailure(t('section.adding'), error),
  });
  const rotate = useMutation({
    mutationFn: (target: VesselInterface) => interfaceActions.rotate(target.id).then((issued) => ({ target, issued })),
    onSuccess: ({ target, issued }) => {
      setDialog({ kind: 'token', name: target.name, issued });
      return refresh();
    },
    onError: (error) => reportActionFailure(t('section.issuing'), error),
  });
  const remove = useMutation({
    mutationFn: (target: VesselInterface) => interfaceActions.remove(vesselId, target.id),
    onSuccess: () => {
      toast.success(t('section.deleted'));
      setDialog(null);
      return refresh();
    },
    onError: (error) => reportActionFailure(t('section.deleting'), error),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim()) create.mutate(name.trim());
  };

  return (
    <section className="card" aria-labelledby="interfaces-title">
      <h2 id="interfaces-title">{t('section.title')}</h2>
      <p className="muted">
        <Trans t={t} shouldUnescape i18nKey="section.intro" values={{ path: '/api/interfaces/delta' }} components={{ path: <code /> }} />
      </p>
      <DelayedSpinner loading={list.isPending} label={t('section.loading')} />
      {list.isError ? (
        <p className="form-error" role="alert">
          {failureMessage(list.error, t('section.loadFailed'))}
        </p>
      ) : null}
      {list.isSuccess && list.data.length === 0 ? <p className="empty-state">{t('section.empty')}</p> : null}
      <ul className="interface-list">
        {(list.data ?? []).map((item) => (
          <li key={item.id} className="interface">
            <div>
              <p className="interface__name">{item.name}</p>
              <p className="muted">{item.lastUsedAt ? t('section.lastPost', { time: format.dateTime(item.lastUsedAt) }) : t('section.nothingPosted')}</p>
              <p className="muted">{item.tokenHolderId === me?.id ? t('section.yourToken') : t('section.othersToken')}</p>
            </div>
            {canManage ? (
              <div className="button-row">
                <button type="button" className="button" onClick={() => setDialog({ kind: 'rename', target: item })}>
                  <Trans t={t} shouldUnescape i18nKey="section.rename" values={{ name: item.name }} components={HIDDEN} />
                </button>
                <button type="button" className="button" disabled={rotate.isPending} onClick={() => rotate.mutate(item)}>
                  <Trans t={t} shouldUnescape i18nKey="section.newToken" values={{ name: item.name }} components={HIDDEN} />
                </button>
                <button type="button" className="button button--danger" onClick={() => setDialog({ kind: 'delete', target: item })}>
                  <Trans t={t} shouldUnescape i18nKey="section.delete" values={{ name: item.name }} components={HIDDEN} />
                </button>
              </div>
            ) : null}
          </li>
        ))}
      </ul>
      {canManage ? (
        <form className="interface-form" onSubmit={submit}>
          <TextField label={t('section.newInterface')} required maxLength={100} value={name} onChange={(event) => setName(event.target.value)} />
          <button type="submit" className="button button--primary" disabled={!name.trim() || create.isPending}>
            {t('section.add')}
          </button>
        </form>
      ) : null}
      {dialog?.kind === 'token' ? <TokenModal name={dialog.name} token={dialog.issued.token} onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === 'rename' ? <RenameModal vesselId={vesselId} target={dialog.target} onDone={refresh} onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === 'delete' ? (
        <ConfirmModal
          title={t('section.deleteTitle')}
          confirmLabel={t('section.deleteConfirm')}
          pending={remove.isPending}
          onConfirm={() => remove.mutate(dialog.target)}
          onClose={() => setDialog(null)}
        >
          <p>{t('section.deleteText', { name: dialog.target.name })}</p>
        </ConfirmModal>
      ) : null}
    </section>
  );
}

/** The token, shown this once, with a copy button. */
function TokenModal({ name, token, onClose }: { name: string; token: string; onClose: () => void }) {
  const { t } = useTranslation('interfaces');
  const [open, setOpen] = useState(true);
  const copy = () =>
    navigator.clipboard.writeText(token).then(
      () => toast.success(t('token.copied')),
      () => toast.error(t('token.copyFailed')),
    );
  return (
    <Modal
      open={open}
      title={t('token.title', { name })}
      onClose={onClose}
      footer={
        <>
          <button type="button" className="button" onClick={() => void copy()}>
            {t('token.copy')}
          </button>
          <button type="button" className="button button--primary" onClick={() => setOpen(false)}>
            {t('token.noted')}
          </button>
        </>
      }
    >
      <p className="notice">{t('token.notice')}</p>
      <code className="interface-token" data-testid="interface-token">
        {token}
      </code>
      <p className="muted">
        <Trans t={t} shouldUnescape i18nKey="token.how" values={{ header: 'Authorization: Bearer <token>' }} components={{ header: <code /> }} />
      </p>
    </Modal>
  );
}

function RenameModal({ vesselId, target, onDone, onClose }: { vesselId: number; target: VesselInterface; onDone: () => unknown; onClose: () => void }) {
  const { t } = useTranslation('interfaces');
  const [open, setOpen] = useState(true);
  const [name, setName] = useState(target.name);
  const edited = useEdited(name);
  const save = useMutation({
    mutationFn: () => interfaceActions.rename(vesselId, target.id, name.trim()),
    onSuccess: () => {
      toast.success(t('rename.done'));
      setOpen(false);
      return onDone();
    },
    onError: (error) => reportActionFailure(t('rename.renaming'), error),
  });
  return (
    <Modal
      open={open}
      title={t('rename.title')}
      onClose={onClose}
      dirty={edited && !save.isSuccess}
      footer={
        <>
          <button type="button" className="button" onClick={() => setOpen(false)}>
            {t('rename.cancel')}
          </button>
          <button type="submit" form="interface-rename" className="button button--primary" disabled={!name.trim() || save.isPending}>
            {t('rename.save')}
          </button>
        </>
      }
    >
      <form
        id="interface-rename"
        onSubmit={(event) => {
          event.preventDefault();
          if (name.trim()) save.mutate();
        }}
      >
        <TextField label={t('rename.name')} required maxLength={100} value={name} onChange={(event) => setName(event.target.value)} />
      </form>
    </Modal>
  );
}
