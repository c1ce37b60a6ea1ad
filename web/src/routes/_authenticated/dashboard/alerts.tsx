import { createFileRoute } from '@tanstack/react-router';
import { FleetAlertsPage } from '../../../features/alerts/FleetAlertsPage';
import { vesselQueries } from '../../../features/vessels/queries';
import { pageTitle } from '../../../features/layout/documentTitle';
import { i18n } from '../../../i18n';

/** Every alert across the user's vessels (docs/product.md, alarms). */
export const Route = createFileRoute('/_authenticated/dashboard/alerts')({
  head: () => pageTitle(i18n.t('common:titles.alerts')),
  loader: ({ context }) => context.queryClient.ensureQueryData(vesselQueries.list()),
  component: FleetAlertsPage,
});
