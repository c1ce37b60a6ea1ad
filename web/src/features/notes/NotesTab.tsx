import { useQuery, useQueryClient } from '@tanstack/react-query';
import { vesselKeys } from '../vessels/queries';
import { NotesPanel } from './NotesPanel';
import { noteActions, noteQueries } from './queries';

export function NotesTab({ vesselId }: { vesselId: number }) {
  const queryClient = useQueryClient();
  const notes = useQuery(noteQueries.list(vesselId));
  return (
    <div className="notes">
      <NotesPanel
        variant="tab"
        notes={notes}
        add={(messageText) => noteActions.add(vesselId, messageText)}
        remove={(noteId) => noteActions.remove(vesselId, noteId)}
        refresh={() => queryClient.invalidateQueries({ queryKey: vesselKeys.section(vesselId, 'notes') })}
        fieldId="note-text"
        placeholder="Anything the crew or the owner should know"
        readers="every member"
      />
    </div>
  );
}
