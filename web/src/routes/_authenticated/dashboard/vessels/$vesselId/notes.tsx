import { createFileRoute } from '@tanstack/react-router';
import { NotesTab } from '../../../../../features/notes/NotesTab';
import { noteQueries } from '../../../../../features/notes/queries';
import { preload, requireVesselTab } from '../../../../../features/vessels/tabRoute';
import { pageTitle } from '../../../../../features/layout/documentTitle';
import { VESSEL_TAB_LABELS } from '../../../../../features/vessels/tabs';

export const Route = createFileRoute('/_authenticated/dashboard/vessels/$vesselId/notes')({
  head: () => pageTitle(VESSEL_TAB_LABELS.notes),
  loader: async ({ context: { queryClient }, params: { vesselId } }) => {
    await requireVesselTab(queryClient, vesselId, 'notes');
    await preload(queryClient, noteQueries.list(vesselId));
  },
  component: NotesRoute,
});

function NotesRoute() {
  const { vesselId } = Route.useParams();
  return <NotesTab vesselId={vesselId} />;
}
