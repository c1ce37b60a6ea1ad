import { createFileRoute } from '@tanstack/react-router';
import { serviceQueries } from '../../../../features/service/queries';
import { ServicesDuePage } from '../../../../features/service/ServicesDuePage';

export const Route = createFileRoute('/_authenticated/dashboard/organisation/services')({
  loader: ({ context: { queryClient } }) => queryClient.ensureQueryData(serviceQueries.companyDue()).catch(() => undefined),
  component: ServicesDuePage,
});
