import { useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DelayedSpinner } from '../loading/DelayedSpinner';
import { Modal } from '../modal/Modal';
import { vesselQueries } from '../vessels/queries';
import { contactName, contactVia } from './names';
import { messageQueries, type ThreadInput } from './queries';

export interface ThreadDraft {
  userIds: number[];
  name: string;
  vesselId: number | null;
}

/** A modal the messages page uses for its forms; it closes itself with its close button or Escape. */
export function Dialog({ title, onClose, children }: { title: string; onClose: () => void; children: ReactNode }) {
  return (
    <Modal open title={title} onClose={onClose}>
      {children}
    </Modal>
  );
}

/** Starting a thread: pick contacts (or a whole group), an optional name, and optionally the vessel it is about. */
export function ThreadForm({
  initial,
  busy,
  onClose,
  onSubmit,
}: {
  initial: ThreadDraft;
  busy: boolean;
  onClose: () => void;
  onSubmit: (input: ThreadInput) => void;
}) {
  const { t } = useTranslation('messages');
  const contacts = useQuery(messageQueries.contacts());
  const groups = useQuery(messageQueries.groups());
  const vessels = useQuery(vesselQueries.list());
  const [open, setOpen] = useState(true);
  const [userIds, setUserIds] = useState<number[]>(initial.userIds);
  const [name, setName] = useState(initial.name);
  const [vesselId, setVesselId] = useState<number | null>(initial.vesselId);
  const toggle = (id: number, on: boolean) => {
    setUserIds(on ? [...new Set([...userIds, id])] : userIds.filter((x) => x !== id));
    // Someone invited and not accepted: the thread is about the vessel they are invited to (it reaches them once they accept).
    const invitation = contacts.data?.find((c) => c.userId === id && c.pending)?.invitedTo[0];
    if (on && invitation && vesselId === null) setVesselId(invitation.vesselId);
  };
  const waiting = (contacts.data ?? []).filter((c) => c.pending && userIds.includes(c.userId));
  return (
    <Modal
      open={open}
      title={t('page.newThread')}
      onClose={onClose}
      dirty={userIds.length > 0 || name.trim().length > 0}
      footer={
        <>
          <button type="button" className="button" onClick={() => setOpen(false)}>
            {t('form.cancel')}
          </button>
          <button type="submit" form="new-thread" className="button button--primary" disabled={busy || userIds.length === 0}>
            {t('form.start')}
          </button>
        </>
      }
    >
      <form
        id="new-thread"
        className="form"
        onSubmit={(e) => {
          e.preventDefault();
          if (userIds.length) onSubmit({ userIds, name: name.trim() || null, vesselId });
        }}
      >
        <label className="field__label" htmlFor="thread-name">
          {t('form.name')}
        </label>
        <input id="thread-name" className="input" value={name} maxLength={120} onChange={(e) => setName(e.target.value)} />
        <label className="field__label" htmlFor="thread-vessel">
          {t('form.vessel')}
        </label>
        <select id="thread-vessel" className="input" value={vesselId ?? ''} onChange={(e) => setVesselId(e.target.value ? Number(e.target.value) : null)}>
          <option value="">{t('form.noVessel')}</option>
          {(vessels.data ?? []).map((v) => (
            <option key={v.id} value={v.id}>
              {v.name}
            </option>
          ))}
        </select>
        {groups.data?.length ? (
          <div className="button-row" aria-label={t('form.addGroup')}>
            {groups.data.map((g) => (
              <button key={g.id} type="button" className="chip" onClick={() => setUserIds([...new Set([...userIds, ...g.userIds])])}>
                + {g.name}
              </button>
            ))}
          </div>
        ) : null}
        <fieldset className="contact-picker">
          <legend>{t('form.people')}</legend>
          {contacts.isPending ? <DelayedSpinner loading label={t('contacts.loading')} /> : null}
          {contacts.isError ? (
            <p className="form-error" role="alert">
              {t('contacts.loadFailed')}
            </p>
          ) : null}
          {contacts.data?.length === 0 ? <p className="empty-state">{t('form.nobody')}</p> : null}
          {contacts.data?.map((c) => (
            <label key={c.userId} className="contact-option">
              <input type="checkbox" checked={userIds.includes(c.userId)} onChange={(e) => toggle(c.userId, e.target.checked)} />
              {contactName(c)} <span className="muted">{contactVia(c)}</span>
            </label>
          ))}
        </fieldset>
        {waiting.map((c) => (
          <p key={c.userId} className="field__hint">
            {t('form.waiting', { name: contactName(c), vessels: c.invitedTo.map((i) => i.vesselName).join(', '), count: c.invitedTo.length })}
          </p>
        ))}
      </form>
    </Modal>
  );
}
