import { createFileRoute } from '@tanstack/react-router';
import { DocumentsTab } from '../../../../../features/documents/DocumentsTab';
import { documentQueries } from '../../../../../features/documents/queries';
import { preload, requireVesselTab } from '../../../../../features/vessels/tabRoute';
import { atLeast } from '../../../../../features/vessels/types';
import { pageTitle } from '../../../../../features/layout/documentTitle';
import { VESSEL_TAB_LABELS } from '../../../../../features/vessels/tabs';

export const Route = createFileRoute('/_authenticated/dashboard/vessels/$vesselId/documents')({
  head: () => pageTitle(VESSEL_TAB_LABELS.documents),
  loader: async ({ context: { queryClient }, params: { vesselId } }) => {
    const permissions = await requireVesselTab(queryClient, vesselId, 'documents');
    await Promise.all([preload(queryClient, documentQueries.list(vesselId)), preload(queryClient, documentQueries.categories())]);
    return { canManage: atLeast(permissions.documents, 'MANAGE') };
  },
  component: DocumentsRoute,
});

function DocumentsRoute() {
  const { vesselId } = Route.useParams();
  const { canManage } = Route.useLoaderData();
  return <DocumentsTab vesselId={vesselId} canManage={canManage} />;
}
