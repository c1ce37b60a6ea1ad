import { createFileRoute } from '@tanstack/react-router';
import { NotFound } from '../../../features/layout/NotFound';

/** Any other path under /dashboard. */
export const Route = createFileRoute('/_authenticated/dashboard/$')({
  component: () => <NotFound inDashboard />,
});
