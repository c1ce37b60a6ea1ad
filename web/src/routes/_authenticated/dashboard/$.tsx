import { createFileRoute } from '@tanstack/react-router';
import { NotFound } from '../../../features/layout/NotFound';
import { pageTitle } from '../../../features/layout/documentTitle';
import { i18n } from '../../../i18n';

/** Any other path under /dashboard. */
export const Route = createFileRoute('/_authenticated/dashboard/$')({
  head: () => pageTitle(i18n.t('common:titles.notFound')),
  component: () => <NotFound inDashboard />,
});
