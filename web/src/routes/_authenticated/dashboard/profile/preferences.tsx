import { createFileRoute } from '@tanstack/react-router';
import { PreferencesForm } from '../../../../features/profile/PreferencesForm';
import { pageTitle } from '../../../../features/layout/documentTitle';
import { i18n } from '../../../../i18n';

export const Route = createFileRoute('/_authenticated/dashboard/profile/preferences')({
  head: () => pageTitle(i18n.t('common:titles.preferences')),
  component: PreferencesForm,
});
