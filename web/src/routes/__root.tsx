import { useEffect } from 'react';
import { createRootRouteWithContext, Outlet, useRouter } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { RouterContext } from '../app/routerContext';
import { session } from '../app/services';
import { ConnectionIssueDialog } from '../features/connectivity/ConnectionIssueDialog';
import { ErrorDialog } from '../features/errors/ErrorDialog';
import { DocumentTitle } from '../features/layout/documentTitle';
import { RouteError } from '../features/errors/RouteError';
import { NotFound } from '../features/layout/NotFound';
import { PublicLayout } from '../features/layout/PublicLayout';
import { LoadingSplash } from '../features/loading/LoadingSplash';
import { Toaster } from '../features/toasts/Toaster';

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  pendingComponent: () => <LoadingSplash />,
  errorComponent: RouteError,
  notFoundComponent: () => (
    <PublicLayout>
      <NotFound />
    </PublicLayout>
  ),
});

/** Re-runs the route guards whenever the user signs in or out. */
function useGuardsFollowSession() {
  const router = useRouter();
  useEffect(() => {
    let authenticated = session.getSnapshot().hasTag('authenticated');
    const subscription = session.subscribe((snapshot) => {
      const now = snapshot.hasTag('authenticated');
      if (now !== authenticated) {
        authenticated = now;
        void router.invalidate();
      }
    });
    return () => subscription.unsubscribe();
  }, [router]);
}

function RootLayout() {
  useGuardsFollowSession();
  const { t } = useTranslation();
  return (
    <>
      <DocumentTitle />
      <a className="skip-link" href="#main">
        {t('root.skipToContent')}
      </a>
      <Outlet />
      <ErrorDialog />
      <ConnectionIssueDialog />
      <Toaster />
    </>
  );
}
