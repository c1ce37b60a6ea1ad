import { createFileRoute } from '@tanstack/react-router';
import { ContactsPage } from '../../../../features/organisation/NetworkPages';
import { pageTitle } from '../../../../features/layout/documentTitle';

export const Route = createFileRoute('/_authenticated/dashboard/organisation/contacts')({
  head: () => pageTitle('Contacts'),
  component: ContactsPage,
});
