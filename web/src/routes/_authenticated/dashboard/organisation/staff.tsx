import { createFileRoute } from '@tanstack/react-router';
import { StaffPage } from '../../../../features/organisation/StaffPage';
import { pageTitle } from '../../../../features/layout/documentTitle';

export const Route = createFileRoute('/_authenticated/dashboard/organisation/staff')({
  head: () => pageTitle('Staff'),
  component: StaffPage,
});
