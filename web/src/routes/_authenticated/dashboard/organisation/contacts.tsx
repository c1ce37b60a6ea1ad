import { createFileRoute } from '@tanstack/react-router';
import { ContactsPage } from '../../../../features/organisation/NetworkPages';

export const Route = createFileRoute('/_authenticated/dashboard/organisation/contacts')({
  component: ContactsPage,
});
