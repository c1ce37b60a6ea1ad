import { createFileRoute, Outlet } from '@tanstack/react-router';
import { AdminLayout } from '../../../../features/admin/AdminLayout';
import { NotFound } from '../../../../features/layout/NotFound';
import { sessionQueries } from '../../../../features/session/queries';
import { pageTitle } from '../../../../features/layout/documentTitle';
import { i18n } from '../../../../i18n';

/**
 * The admin area (docs/product.md "Administration"): platform administrators only. Anyone else
 * sees the dashboard's not-found page, and none of the admin lists is asked for.
 */
export const Route = createFileRoute('/_authenticated/dashboard/admin')({
  head: () => pageTitle(i18n.t('common:titles.administration')),
  loader: async ({ context }) => ({ isAdmin: (await context.queryClient.ensureQueryData(sessionQueries.user())).isAdmin }),
  component: AdminArea,
});

function AdminArea() {
  const { isAdmin } = Route.useLoaderData();
  if (!isAdmin) return <NotFound inDashboard />;
  return (
    <AdminLayout>
      <Outlet />
    </AdminLayout>
  );
}
