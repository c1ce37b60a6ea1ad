import { createFileRoute } from '@tanstack/react-router';
import { pageTitle } from '../../../../features/layout/documentTitle';
import { i18n } from '../../../../i18n';
import { VendorsPage } from '../../../../features/profile/VendorsPage';

export const Route = createFileRoute('/_authenticated/dashboard/profile/vendors')({
  head: () => pageTitle(i18n.t('common:titles.companies')),
  component: VendorsPage,
});
