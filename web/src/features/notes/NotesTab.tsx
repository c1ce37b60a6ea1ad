import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { sessionQueries } from '../session/queries';
import { vesselKeys, vesselQueries } from '../vessels/queries';
import { NotesPanel } from './NotesPanel';
import { noteActions, noteQueries } from './queries';

/** A vessel's notes: every member reads and writes them; the author or the owner deletes one. */
export function NotesTab({ vesselId }: { vesselId: number }) {
  const { t } = useTranslation('notes');
  const queryClient = useQueryClient();
  const notes = useQuery(noteQueries.list(vesselId));
  const user = useQuery(sessionQueries.user());
  const vessel = useQuery(vesselQueries.detail(vesselId));
  const isOwner = vessel.data?.role === 'owner';
  return (
    <div className="notes">
      <NotesPanel
        variant="tab"
        notes={notes}
        add={(messageText) => noteActions.add(vesselId, messageText)}
        remove={(noteId) => noteActions.remove(vesselId, noteId)}
        refresh={() => queryClient.invalidateQueries({ queryKey: vesselKeys.section(vesselId, 'notes') })}
        fieldId="note-text"
        placeholder={t('tab.placeholder')}
        readers={t('tab.readers')}
        canDelete={(note) => isOwner || (note.authorId !== null && note.authorId === user.data?.id)}
      />
    </div>
  );
}
