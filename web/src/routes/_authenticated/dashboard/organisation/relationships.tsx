import { createFileRoute } from '@tanstack/react-router';
import { RelationshipsPage } from '../../../../features/organisation/NetworkPages';
import { pageTitle } from '../../../../features/layout/documentTitle';

export const Route = createFileRoute('/_authenticated/dashboard/organisation/relationships')({
  head: () => pageTitle('Relationships'),
  component: RelationshipsPage,
});
