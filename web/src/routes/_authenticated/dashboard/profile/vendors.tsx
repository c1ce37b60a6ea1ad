import { createFileRoute } from '@tanstack/react-router';
import { pageTitle } from '../../../../features/layout/documentTitle';
import { VendorsPage } from '../../../../features/profile/VendorsPage';

export const Route = createFileRoute('/_authenticated/dashboard/profile/vendors')({
  head: () => pageTitle('Companies'),
  component: VendorsPage,
});
