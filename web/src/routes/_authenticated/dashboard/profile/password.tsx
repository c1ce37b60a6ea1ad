import { createFileRoute } from '@tanstack/react-router';
import { ChangePasswordForm } from '../../../../features/profile/ChangePasswordForm';
import { pageTitle } from '../../../../features/layout/documentTitle';

export const Route = createFileRoute('/_authenticated/dashboard/profile/password')({
  head: () => pageTitle('Password'),
  component: ChangePasswordForm,
});
