import { createFileRoute } from '@tanstack/react-router';
import { ClientsPage } from '../../../../../features/organisation/ClientsPage';
import { pageTitle } from '../../../../../features/layout/documentTitle';

export const Route = createFileRoute('/_authenticated/dashboard/organisation/clients/')({
  head: () => pageTitle('Clients'),
  component: ClientsPage,
});
