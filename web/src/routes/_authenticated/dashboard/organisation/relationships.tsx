import { createFileRoute } from '@tanstack/react-router';
import { RelationshipsPage } from '../../../../features/organisation/NetworkPages';
import { pageTitle } from '../../../../features/layout/documentTitle';
import { i18n } from '../../../../i18n';

export const Route = createFileRoute('/_authenticated/dashboard/organisation/relationships')({
  head: () => pageTitle(i18n.t('common:titles.relationships')),
  component: RelationshipsPage,
});
