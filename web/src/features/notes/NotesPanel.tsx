import { useState, type FormEvent } from 'react';
import { useMutation, type UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from '../../app/services';
import { reportActionFailure } from '../../app/failures';
import { DelayedSpinner } from '../loading/DelayedSpinner';
import { ConfirmModal } from '../modal/ConfirmModal';
import { NOTE_MAX_LENGTH } from '../../../../contracts/notes';
import { useFormatters } from '../profile/usePreferences';
import './notes.css';

/** What the panel shows of a note: a vessel's (NotesTab) or a company's note on a client (ClientPage). */
export interface NoteLike {
  id: number;
  messageText: string;
  createdAt: string;
  authorName?: string | null;
}

export interface NotesPanelProps<N extends NoteLike> {
  notes: UseQueryResult<N[]>;
  add: (messageText: string) => Promise<unknown>;
  remove: (noteId: number) => Promise<unknown>;
  /** Reloads the list after a change. */
  refresh: () => Promise<unknown>;
  /** The id of the new note's text field. */
  fieldId: string;
  placeholder: string;
  /** Who loses the note when it is deleted, in the reader's language: "every member", "every staff member". */
  readers: string;
  canDelete?: (note: N) => boolean;
  /** `tab`: the vessel's Notes tab (cards); `section`: a list inside a card. */
  variant: 'tab' | 'section';
}

/** A list of notes with a form to add one and a confirmed delete. */
export function NotesPanel<N extends NoteLike>({ notes, add, remove, refresh, fieldId, placeholder, readers, canDelete, variant }: NotesPanelProps<N>) {
  const { t } = useTranslation('notes');
  const format = useFormatters();
  const [text, setText] = useState('');
  const [deleting, setDeleting] = useState<N | null>(null);
  const adding = useMutation({
    mutationFn: add,
    onSuccess: () => {
      setText('');
      toast.success(t('panel.added'));
      return refresh();
    },
    onError: (error) => reportActionFailure(t('panel.adding'), error),
  });
  const removing = useMutation({
    mutationFn: remove,
    onSuccess: () => {
      toast.success(t('panel.deleted'));
      setDeleting(null);
      return refresh();
    },
    onError: (error) => reportActionFailure(t('panel.deleting'), error),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim()) adding.mutate(text.trim());
  };
  const tab = variant === 'tab';

  return (
    <>
      <form className={tab ? 'card form' : 'form'} onSubmit={submit}>
        <label htmlFor={fieldId} className="field__label">
          {t('panel.newNote')}
        </label>
        <textarea
          id={fieldId}
          className="input"
          rows={3}
          maxLength={NOTE_MAX_LENGTH}
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder={placeholder}
        />
        <div className="button-row">
          <button type="submit" className="button button--primary" disabled={!text.trim() || adding.isPending}>
            {t('panel.add')}
          </button>
        </div>
      </form>
      <DelayedSpinner loading={notes.isPending} label={t('panel.loading')} />
      {notes.isError ? (
        <p className="form-error" role="alert">
          {t('panel.loadFailed')}
        </p>
      ) : null}
      {notes.isSuccess && notes.data.length === 0 ? <p className="empty-state">{t('panel.empty')}</p> : null}
      <ul className={tab ? 'note-list' : 'list'}>
        {(notes.data ?? []).map((note) => (
          <li key={note.id} className={tab ? 'card note' : 'list__item org-note'}>
            <p className={tab ? 'note__text' : 'org-note__text'}>{note.messageText}</p>
            <p className={tab ? 'muted note__meta' : 'muted'}>
              {note.authorName ? `${note.authorName} · ` : ''}
              {format.dateTime(note.createdAt)}{' '}
              {!canDelete || canDelete(note) ? (
                <button
                  type="button"
                  className="link-button"
                  onClick={() => setDeleting(note)}
                  aria-label={t('panel.deleteLabel', { time: format.dateTime(note.createdAt) })}
                >
                  {t('panel.delete')}
                </button>
              ) : null}
            </p>
          </li>
        ))}
      </ul>
      {deleting ? (
        <ConfirmModal
          title={t('panel.deleteTitle')}
          confirmLabel={t('panel.delete')}
          pending={removing.isPending}
          onConfirm={() => removing.mutate(deleting.id)}
          onClose={() => setDeleting(null)}
        >
          <p>{t('panel.deleteText', { text: deleting.messageText.length > 80 ? `${deleting.messageText.slice(0, 80)}…` : deleting.messageText, readers })}</p>
        </ConfirmModal>
      ) : null}
    </>
  );
}
