import { createFileRoute } from '@tanstack/react-router';
import { AlertsPage } from '../../../../features/admin/AlertsPage';
import { pageTitle } from '../../../../features/layout/documentTitle';

export const Route = createFileRoute('/_authenticated/dashboard/admin/alerts')({
  head: () => pageTitle('Alerts across vessels'),
  component: AlertsPage,
});
