import { createRouter } from '@tanstack/react-router';
import { routeTree } from '../routeTree.gen';
import { RouteError } from '../features/errors/RouteError';
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
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
