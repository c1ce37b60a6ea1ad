import { createFileRoute } from '@tanstack/react-router';
import { ChangePasswordForm } from '../../../../features/profile/ChangePasswordForm';
import { pageTitle } from '../../../../features/layout/documentTitle';
import { i18n } from '../../../../i18n';

export const Route = createFileRoute('/_authenticated/dashboard/profile/password')({
  head: () => pageTitle(i18n.t('common:titles.password')),
  component: ChangePasswordForm,
});
