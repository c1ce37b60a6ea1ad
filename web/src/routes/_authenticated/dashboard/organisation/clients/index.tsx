import { createFileRoute } from '@tanstack/react-router';
import { ClientsPage } from '../../../../../features/organisation/ClientsPage';

export const Route = createFileRoute('/_authenticated/dashboard/organisation/clients/')({
  component: ClientsPage,
});
