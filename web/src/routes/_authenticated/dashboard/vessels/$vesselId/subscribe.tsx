import { createFileRoute } from '@tanstack/react-router';
import { useSuspenseQuery } from '@tanstack/react-query';
import { SubscribePage } from '../../../../../features/billing/SubscribePage';
import { vesselQueries } from '../../../../../features/vessels/queries';
import { pageTitle } from '../../../../../features/layout/documentTitle';
import { i18n } from '../../../../../i18n';

export const Route = createFileRoute('/_authenticated/dashboard/vessels/$vesselId/subscribe')({
  head: () => pageTitle(i18n.t('common:titles.subscribe')),
  loader: ({ context: { queryClient }, params: { vesselId } }) => queryClient.ensureQueryData(vesselQueries.detail(vesselId)),
  component: SubscribeRoute,
});

function SubscribeRoute() {
  const { vesselId } = Route.useParams();
  const { data: vessel } = useSuspenseQuery(vesselQueries.detail(vesselId));
  return <SubscribePage vessel={vessel} />;
}
