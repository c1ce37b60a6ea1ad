import { createFileRoute } from '@tanstack/react-router';
import { AuditLogTab } from '../../../../../features/auditLog/AuditLogTab';
import { auditLogQueries } from '../../../../../features/auditLog/queries';
import { requireVesselTab } from '../../../../../features/vessels/tabRoute';
import { pageTitle } from '../../../../../features/layout/documentTitle';
import { VESSEL_TAB_LABELS } from '../../../../../features/vessels/tabs';

export const Route = createFileRoute('/_authenticated/dashboard/vessels/$vesselId/log')({
  head: () => pageTitle(VESSEL_TAB_LABELS.log),
  loader: async ({ context: { queryClient }, params: { vesselId } }) => {
    await requireVesselTab(queryClient, vesselId, 'log');
    await queryClient.prefetchInfiniteQuery(auditLogQueries.pages(vesselId));
  },
  component: AuditLogRoute,
});

function AuditLogRoute() {
  const { vesselId } = Route.useParams();
  return <AuditLogTab vesselId={vesselId} />;
}
