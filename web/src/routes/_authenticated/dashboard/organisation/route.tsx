import { createFileRoute, Outlet } from '@tanstack/react-router';
import { OrganisationLayout } from '../../../../features/organisation/OrganisationLayout';
import { pageTitle } from '../../../../features/layout/documentTitle';
import { i18n } from '../../../../i18n';

export const Route = createFileRoute('/_authenticated/dashboard/organisation')({
  head: () => pageTitle(i18n.t('common:titles.organisation')),
  component: () => (
    <OrganisationLayout>
      <Outlet />
    </OrganisationLayout>
  ),
});
