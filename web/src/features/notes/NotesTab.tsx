import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../app/services';
import { reportActionFailure } from '../../app/failures';
import { DelayedSpinner } from '../loading/DelayedSpinner';
import { useFormatters } from '../profile/usePreferences';
import { vesselKeys } from '../vessels/queries';
import { ConfirmModal } from '../modal/ConfirmModal';
import { noteActions, noteQueries } from './queries';
import type { Note } from './types';
import './notes.css';

export function NotesTab({ vesselId }: { vesselId: number }) {
  const queryClient = useQueryClient();
  const notes = useQuery(noteQueries.list(vesselId));
  const format = useFormatters();
  const [text, setText] = useState('');
  const [deleting, setDeleting] = useState<Note | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: vesselKeys.section(vesselId, 'notes') });

  const add = useMutation({
    mutationFn: (messageText: string) => noteActions.add(vesselId, messageText),
    onSuccess: () => {
      setText('');
      toast.success('Note added');
      return refresh();
    },
    onError: (error) => reportActionFailure('Adding the note', error),
  });
  const remove = useMutation({
    mutationFn: (noteId: number) => noteActions.remove(vesselId, noteId),
    onSuccess: () => {
      toast.success('Note deleted');
      setDeleting(null);
      return refresh();
    },
    onError: (error) => reportActionFailure('Deleting the note', error),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim()) add.mutate(text.trim());
  };

  return (
    <div className="notes">
      <form className="card form" onSubmit={submit}>
        <label htmlFor="note-text" className="field__label">
          New note
        </label>
        <textarea
          id="note-text"
          className="input"
          rows={3}
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder="Anything the crew or the owner should know"
        />
        <div className="button-row">
          <button type="submit" className="button button--primary" disabled={!text.trim() || add.isPending}>
            Add note
          </button>
        </div>
      </form>
      <DelayedSpinner loading={notes.isPending} label="Loading notes…" />
      {notes.isError ? (
        <p className="form-error" role="alert">
          The notes could not be loaded.
        </p>
      ) : null}
      {notes.isSuccess && notes.data.length === 0 ? <p className="empty-state">No notes yet.</p> : null}
      <ul className="note-list">
        {(notes.data ?? []).map((note) => (
          <li key={note.id} className="card note">
            <p className="note__text">{note.messageText}</p>
            <p className="muted note__meta">
              {note.authorName ? `${note.authorName} · ` : ''}
              {format.dateTime(note.createdAt)}
              <button
                type="button"
                className="link-button"
                onClick={() => setDeleting(note)}
                aria-label={`Delete note from ${format.dateTime(note.createdAt)}`}
              >
                Delete
              </button>
            </p>
          </li>
        ))}
      </ul>
      {deleting ? (
        <ConfirmModal
          title="Delete the note"
          confirmLabel="Delete"
          pending={remove.isPending}
          onConfirm={() => remove.mutate(deleting.id)}
          onClose={() => setDeleting(null)}
        >
          <p>
            The note “{deleting.messageText.length > 80 ? `${deleting.messageText.slice(0, 80)}…` : deleting.messageText}” will be deleted for every member. It
            cannot be undone.
          </p>
        </ConfirmModal>
      ) : null}
    </div>
  );
}
