import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { vesselKeys, vesselPath } from '../vessels/queries';
import type { Note } from '../../../../contracts/notes';

export const noteQueries = {
  list: (vesselId: number) =>
    queryOptions({
      queryKey: vesselKeys.section(vesselId, 'notes'),
      queryFn: () => api.get<Note[]>(vesselPath(vesselId, 'notes')),
    }),
};

export const noteActions = {
  add: (vesselId: number, messageText: string) => api.post<Note>(vesselPath(vesselId, 'notes'), { messageText }),
  remove: (vesselId: number, noteId: number) => api.delete<unknown>(vesselPath(vesselId, `notes/${noteId}`)),
};
