import { createFileRoute } from '@tanstack/react-router';
import { vesselIdParams } from '../../../../features/vessels/params';
import { RequestAccessPage } from '../../../../features/members/RequestAccessPage';

export const Route = createFileRoute('/_authenticated/dashboard/request-access/$vesselId')({
  params: vesselIdParams,
  component: RequestAccessRoute,
});

function RequestAccessRoute() {
  const { vesselId } = Route.useParams();
  return <RequestAccessPage vesselId={vesselId} />;
}
