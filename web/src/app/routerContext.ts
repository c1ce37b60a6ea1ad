import type { QueryClient } from '@tanstack/react-query';
import type { ActorRefFrom } from 'xstate';
import type { sessionMachine } from '../features/session/sessionMachine';

export interface RouterContext {
  queryClient: QueryClient;
  session: ActorRefFrom<typeof sessionMachine>;
}
