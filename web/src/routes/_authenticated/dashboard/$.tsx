import { createFileRoute } from '@tanstack/react-router';
import { NotFound } from '../../../features/layout/NotFound';
import { pageTitle } from '../../../features/layout/documentTitle';

/** Any other path under /dashboard. */
export const Route = createFileRoute('/_authenticated/dashboard/$')({
  head: () => pageTitle('Not found'),
  component: () => <NotFound inDashboard />,
});
