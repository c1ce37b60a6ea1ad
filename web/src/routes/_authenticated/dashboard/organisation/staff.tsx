import { createFileRoute } from '@tanstack/react-router';
import { StaffPage } from '../../../../features/organisation/StaffPage';
import { pageTitle } from '../../../../features/layout/documentTitle';
import { i18n } from '../../../../i18n';

export const Route = createFileRoute('/_authenticated/dashboard/organisation/staff')({
  head: () => pageTitle(i18n.t('common:titles.staff')),
  component: StaffPage,
});
