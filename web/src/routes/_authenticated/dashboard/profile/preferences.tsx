import { createFileRoute } from '@tanstack/react-router';
import { PreferencesForm } from '../../../../features/profile/PreferencesForm';

export const Route = createFileRoute('/_authenticated/dashboard/profile/preferences')({
  component: PreferencesForm,
});
