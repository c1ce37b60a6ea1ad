import { createFileRoute } from '@tanstack/react-router';
import { vesselIdParams } from '../../../../features/vessels/params';
import { RequestAccessPage } from '../../../../features/members/RequestAccessPage';
import { pageTitle } from '../../../../features/layout/documentTitle';
import { i18n } from '../../../../i18n';

export const Route = createFileRoute('/_authenticated/dashboard/request-access/$vesselId')({
  head: () => pageTitle(i18n.t('common:titles.requestAccess')),
  params: vesselIdParams,
  component: RequestAccessRoute,
});

function RequestAccessRoute() {
  const { vesselId } = Route.useParams();
  return <RequestAccessPage vesselId={vesselId} />;
}
