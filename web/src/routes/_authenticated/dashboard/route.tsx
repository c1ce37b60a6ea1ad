import { createFileRoute, Outlet } from '@tanstack/react-router';
import { DashboardLayout } from '../../../features/layout/DashboardLayout';
import { InvitationModal } from '../../../features/vessels/InvitationModal';

export const Route = createFileRoute('/_authenticated/dashboard')({
  component: Dashboard,
});

function Dashboard() {
  return (
    <DashboardLayout>
      <Outlet />
      <InvitationModal />
    </DashboardLayout>
  );
}
