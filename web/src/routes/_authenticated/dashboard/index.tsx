import { createFileRoute } from '@tanstack/react-router';
import { useSuspenseQuery } from '@tanstack/react-query';
import { CompanyHome } from '../../../features/organisation/CompanyHome';
import { organisationQueries } from '../../../features/organisation/queries';
import { sessionQueries } from '../../../features/session/queries';
import { FleetView } from '../../../features/vessels/FleetView';
import { vesselQueries } from '../../../features/vessels/queries';
import { pageTitle } from '../../../features/layout/documentTitle';
import { i18n } from '../../../i18n';

/** The home: a company's staff land on the company fleet (ROLES.md), everyone else on their own fleet. */
export const Route = createFileRoute('/_authenticated/dashboard/')({
  head: () => pageTitle(i18n.t('common:titles.fleet')),
  loader: async ({ context: { queryClient } }) => {
    const user = await queryClient.ensureQueryData(sessionQueries.user());
    if (user.companyId === null) return queryClient.ensureQueryData(vesselQueries.list());
    await queryClient.ensureQueryData(organisationQueries.mine()).catch(() => null);
  },
  component: Home,
});

function Home() {
  const { data: user } = useSuspenseQuery(sessionQueries.user());
  if (user.companyId === null) return <FleetView />;
  return <StaffHome companyKind={user.companyKind} />;
}

function StaffHome({ companyKind }: { companyKind: string | null }) {
  const { data: organisation } = useSuspenseQuery(organisationQueries.mine());
  return <CompanyHome companyName={organisation.name} companyKind={companyKind} />;
}
