import { createFileRoute } from '@tanstack/react-router';
import { ContactsPage } from '../../../../features/organisation/NetworkPages';
import { pageTitle } from '../../../../features/layout/documentTitle';
import { i18n } from '../../../../i18n';

export const Route = createFileRoute('/_authenticated/dashboard/organisation/contacts')({
  head: () => pageTitle(i18n.t('common:titles.contacts')),
  component: ContactsPage,
});
