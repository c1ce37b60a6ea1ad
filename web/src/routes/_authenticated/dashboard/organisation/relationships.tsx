import { createFileRoute } from '@tanstack/react-router';
import { RelationshipsPage } from '../../../../features/organisation/NetworkPages';

export const Route = createFileRoute('/_authenticated/dashboard/organisation/relationships')({
  component: RelationshipsPage,
});
