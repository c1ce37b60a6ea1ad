import { createFileRoute, Outlet } from '@tanstack/react-router';
import { OrganisationLayout } from '../../../../features/organisation/OrganisationLayout';
import { pageTitle } from '../../../../features/layout/documentTitle';

export const Route = createFileRoute('/_authenticated/dashboard/organisation')({
  head: () => pageTitle('Organisation'),
  component: () => (
    <OrganisationLayout>
      <Outlet />
    </OrganisationLayout>
  ),
});
