import { createFileRoute } from '@tanstack/react-router';
import { StaffPage } from '../../../../features/organisation/StaffPage';

export const Route = createFileRoute('/_authenticated/dashboard/organisation/staff')({
  component: StaffPage,
});
