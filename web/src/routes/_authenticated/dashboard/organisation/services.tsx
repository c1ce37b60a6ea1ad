import { createFileRoute } from '@tanstack/react-router';
import { serviceQueries } from '../../../../features/service/queries';
import { ServicesDuePage } from '../../../../features/service/ServicesDuePage';
import { pageTitle } from '../../../../features/layout/documentTitle';

export const Route = createFileRoute('/_authenticated/dashboard/organisation/services')({
  head: () => pageTitle('Services'),
  loader: ({ context: { queryClient } }) => queryClient.ensureQueryData(serviceQueries.companyDue()).catch(() => undefined),
  component: ServicesDuePage,
});
