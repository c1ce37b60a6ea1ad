import { createFileRoute } from '@tanstack/react-router';
import { PreferencesForm } from '../../../../features/profile/PreferencesForm';
import { pageTitle } from '../../../../features/layout/documentTitle';

export const Route = createFileRoute('/_authenticated/dashboard/profile/preferences')({
  head: () => pageTitle('Preferences'),
  component: PreferencesForm,
});
