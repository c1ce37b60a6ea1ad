import { createFileRoute } from '@tanstack/react-router';
import { ChangePasswordForm } from '../../../../features/profile/ChangePasswordForm';

export const Route = createFileRoute('/_authenticated/dashboard/profile/password')({
  component: ChangePasswordForm,
});
