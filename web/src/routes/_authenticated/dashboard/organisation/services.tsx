import { createFileRoute } from '@tanstack/react-router';
import { serviceQueries } from '../../../../features/service/queries';
import { ServicesDuePage } from '../../../../features/service/ServicesDuePage';
import { pageTitle } from '../../../../features/layout/documentTitle';
import { i18n } from '../../../../i18n';

export const Route = createFileRoute('/_authenticated/dashboard/organisation/services')({
  head: () => pageTitle(i18n.t('common:titles.services')),
  loader: ({ context: { queryClient } }) => queryClient.ensureQueryData(serviceQueries.companyDue()).catch(() => undefined),
  component: ServicesDuePage,
});
