import { createFileRoute, Outlet } from '@tanstack/react-router';
import { OrganisationLayout } from '../../../../features/organisation/OrganisationLayout';

export const Route = createFileRoute('/_authenticated/dashboard/organisation')({
  component: () => (
    <OrganisationLayout>
      <Outlet />
    </OrganisationLayout>
  ),
});
