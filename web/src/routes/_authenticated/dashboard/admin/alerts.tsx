import { createFileRoute } from '@tanstack/react-router';
import { AlertsPage } from '../../../../features/admin/AlertsPage';
import { pageTitle } from '../../../../features/layout/documentTitle';
import { i18n } from '../../../../i18n';

export const Route = createFileRoute('/_authenticated/dashboard/admin/alerts')({
  head: () => pageTitle(i18n.t('common:titles.alertsAcrossVessels')),
  component: AlertsPage,
});
