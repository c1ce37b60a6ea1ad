import { createRouter } from '@tanstack/react-router';
import { routeTree } from '../routeTree.gen';
import { RouteError } from '../features/errors/RouteError';
import { RoutePending } from '../features/loading/RoutePending';
import { queryClient, session } from './services';

export const router = createRouter({
  routeTree,
  context: { queryClient, session },
  defaultPreload: 'intent',
  // TanStack Query owns caching; the router always asks it.
  defaultPreloadStaleTime: 0,
  scrollRestoration: true,
  // A failing route shows its error in its own place, inside the layouts around it.
  defaultErrorComponent: RouteError,
  // A slow loader (a vessel tab on a poor link) shows a spinner in the same place, after 1 s and for at least 1 s (spec 4).
  defaultPendingComponent: RoutePending,
  defaultPendingMs: 1000,
  defaultPendingMinMs: 1000,
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
