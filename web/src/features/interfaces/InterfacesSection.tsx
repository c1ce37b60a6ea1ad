import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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

type Dialog = { kind: 'token'; name: string; issued: IssuedToken } | { kind: 'rename' | 'delete'; target: VesselInterface } | null;

/**
 * The vessel's interfaces (docs/api.md, "Interfaces"): third-party systems posting Signal K deltas
 * with a token of their own. A token is shown once, when made or rotated, and posts with the access
 * of whoever issued it (docs/security.md, "Interface tokens").
 */
export function InterfacesSection({ vesselId, canManage }: { vesselId: number; canManage: boolean }) {
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
    onError: (error) => reportActionFailure('Adding the interface', error),
  });
  const rotate = useMutation({
    mutationFn: (target: VesselInterface) => interfaceActions.rotate(target.id).then((issued) => ({ target, issued })),
    onSuccess: ({ target, issued }) => {
      setDialog({ kind: 'token', name: target.name, issued });
      return refresh();
    },
    onError: (error) => reportActionFailure('Issuing a new token', error),
  });
  const remove = useMutation({
    mutationFn: (target: VesselInterface) => interfaceActions.remove(vesselId, target.id),
    onSuccess: () => {
      toast.success('Interface deleted');
      setDialog(null);
      return refresh();
    },
    onError: (error) => reportActionFailure('Deleting the interface', error),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim()) create.mutate(name.trim());
  };

  return (
    <section className="card" aria-labelledby="interfaces-title">
      <h2 id="interfaces-title">Interfaces</h2>
      <p className="muted">
        Systems such as a marina&rsquo;s shore-power meter or a tracker can post Signal K deltas to <code>/api/interfaces/delta</code> with a token of their
        own.
      </p>
      <DelayedSpinner loading={list.isPending} label="Loading interfaces…" />
      {list.isError ? (
        <p className="form-error" role="alert">
          {failureMessage(list.error, 'The interfaces could not be loaded.')}
        </p>
      ) : null}
      {list.isSuccess && list.data.length === 0 ? <p className="empty-state">No interfaces yet.</p> : null}
      <ul className="interface-list">
        {(list.data ?? []).map((item) => (
          <li key={item.id} className="interface">
            <div>
              <p className="interface__name">{item.name}</p>
              <p className="muted">{item.lastUsedAt ? `Last post ${format.dateTime(item.lastUsedAt)}` : 'Nothing posted yet'}</p>
              <p className="muted">{item.tokenHolderId === me?.id ? 'Your token' : 'Token issued by someone else: it works while they manage the devices'}</p>
            </div>
            {canManage ? (
              <div className="button-row">
                <button type="button" className="button" onClick={() => setDialog({ kind: 'rename', target: item })}>
                  Rename<span className="visually-hidden"> {item.name}</span>
                </button>
                <button type="button" className="button" disabled={rotate.isPending} onClick={() => rotate.mutate(item)}>
                  New token<span className="visually-hidden"> for {item.name}</span>
                </button>
                <button type="button" className="button button--danger" onClick={() => setDialog({ kind: 'delete', target: item })}>
                  Delete<span className="visually-hidden"> {item.name}</span>
                </button>
              </div>
            ) : null}
          </li>
        ))}
      </ul>
      {canManage ? (
        <form className="interface-form" onSubmit={submit}>
          <TextField label="New interface" required maxLength={100} value={name} onChange={(event) => setName(event.target.value)} />
          <button type="submit" className="button button--primary" disabled={!name.trim() || create.isPending}>
            Add interface
          </button>
        </form>
      ) : null}
      {dialog?.kind === 'token' ? <TokenModal name={dialog.name} token={dialog.issued.token} onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === 'rename' ? <RenameModal vesselId={vesselId} target={dialog.target} onDone={refresh} onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === 'delete' ? (
        <ConfirmModal
          title="Delete the interface"
          confirmLabel="Delete"
          pending={remove.isPending}
          onConfirm={() => remove.mutate(dialog.target)}
          onClose={() => setDialog(null)}
        >
          <p>“{dialog.target.name}” will be deleted and its token refused from now on. Values it has already posted stay.</p>
        </ConfirmModal>
      ) : null}
    </section>
  );
}

/** The token, shown this once, with a copy button. */
function TokenModal({ name, token, onClose }: { name: string; token: string; onClose: () => void }) {
  const [open, setOpen] = useState(true);
  const copy = () =>
    navigator.clipboard.writeText(token).then(
      () => toast.success('Token copied'),
      () => toast.error('The token could not be copied: select it and copy it by hand.'),
    );
  return (
    <Modal
      open={open}
      title={`Token for ${name}`}
      onClose={onClose}
      footer={
        <>
          <button type="button" className="button" onClick={() => void copy()}>
            Copy token
          </button>
          <button type="button" className="button button--primary" onClick={() => setOpen(false)}>
            I have noted it
          </button>
        </>
      }
    >
      <p className="notice">Note this token now: it is shown only this once. Any older token of this interface no longer works.</p>
      <code className="interface-token" data-testid="interface-token">
        {token}
      </code>
      <p className="muted">
        Send it as <code>Authorization: Bearer &lt;token&gt;</code>.
      </p>
    </Modal>
  );
}

function RenameModal({ vesselId, target, onDone, onClose }: { vesselId: number; target: VesselInterface; onDone: () => unknown; onClose: () => void }) {
  const [open, setOpen] = useState(true);
  const [name, setName] = useState(target.name);
  const edited = useEdited(name);
  const save = useMutation({
    mutationFn: () => interfaceActions.rename(vesselId, target.id, name.trim()),
    onSuccess: () => {
      toast.success('Interface renamed');
      setOpen(false);
      return onDone();
    },
    onError: (error) => reportActionFailure('Renaming the interface', error),
  });
  return (
    <Modal
      open={open}
      title="Rename the interface"
      onClose={onClose}
      dirty={edited && !save.isSuccess}
      footer={
        <>
          <button type="button" className="button" onClick={() => setOpen(false)}>
            Cancel
          </button>
          <button type="submit" form="interface-rename" className="button button--primary" disabled={!name.trim() || save.isPending}>
            Save
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
        <TextField label="Name" required maxLength={100} value={name} onChange={(event) => setName(event.target.value)} />
      </form>
    </Modal>
  );
}
