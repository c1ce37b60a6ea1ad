/**
 * The thread list and its selection (docs/product.md, "Messages"): after a thread is created the
 * list reloads and, if it grew, the newest thread (highest id) is selected; after an update or a
 * delete the selection is kept (or cleared when its thread is gone) and the list reloads; adding
 * members sends the existing members' ids plus the new ones. Operations never throw: a failure
 * lands in `error` and the machine is ready again.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { Thread } from '../../../../contracts/messaging';
import { i18n } from '../../i18n';
import type { ThreadInput, ThreadSettings } from './queries';

export interface ThreadsContext {
  threads: Thread[];
  selectedId: number | null;
  error: string | null;
  /** How many threads there were before a creation, to tell whether the list grew. */
  countBefore: number | null;
}

export type ThreadsEvent =
  | { type: 'RELOAD' }
  | { type: 'SELECT'; threadId: number | null }
  | { type: 'CREATE'; input: ThreadInput }
  | { type: 'UPDATE'; input: ThreadSettings }
  | { type: 'ADD_MEMBERS'; threadId: number; userIds: number[] }
  | { type: 'DELETE'; threadId: number }
  | { type: 'LEAVE'; threadId: number }
  | { type: 'DISMISS_ERROR' };

const messageOf = (error: unknown): string =>
  error instanceof Error ? ((error as { serverMessage?: string }).serverMessage ?? error.message) : i18n.t('messages:page.failed');

/** The selection after a reload: kept if its thread is still listed, else cleared. */
const keptSelection = (threads: Thread[], selectedId: number | null) => (selectedId !== null && threads.some((t) => t.id === selectedId) ? selectedId : null);

export const threadsMachine = setup({
  types: { context: {} as ThreadsContext, events: {} as ThreadsEvent },
  actors: {
    loadThreads: fromPromise<Thread[]>(async () => []),
    createThread: fromPromise<void, ThreadInput>(async () => undefined),
    updateThread: fromPromise<void, ThreadSettings>(async () => undefined),
    deleteThread: fromPromise<void, { threadId: number }>(async () => undefined),
    leaveThread: fromPromise<void, { threadId: number }>(async () => undefined),
  },
}).createMachine({
  id: 'threads',
  context: { threads: [], selectedId: null, error: null, countBefore: null },
  initial: 'loading',
  on: {
    SELECT: { actions: assign({ selectedId: ({ event }) => event.threadId }) },
    DISMISS_ERROR: { actions: assign({ error: null }) },
  },
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        src: 'loadThreads',
        onDone: {
          target: 'ready',
          actions: assign(({ context, event }) => {
            const threads = event.output;
            const grew = context.countBefore !== null && threads.length > context.countBefore;
            const newest = threads.reduce<number | null>((max, t) => (max === null || t.id > max ? t.id : max), null);
            return { threads, countBefore: null, selectedId: grew ? newest : keptSelection(threads, context.selectedId) };
          }),
        },
        onError: { target: 'ready', actions: assign({ error: ({ event }) => messageOf(event.error), countBefore: null }) },
      },
    },
    ready: {
      on: {
        RELOAD: 'loading',
        CREATE: { target: 'creating', actions: assign({ countBefore: ({ context }) => context.threads.length, error: null }) },
        UPDATE: { target: 'updating', actions: assign({ error: null }) },
        ADD_MEMBERS: { target: 'updating', actions: assign({ error: null }) },
        DELETE: { target: 'deleting', actions: assign({ error: null }) },
        LEAVE: { target: 'leaving', actions: assign({ error: null }) },
      },
    },
    creating: {
      tags: ['busy'],
      invoke: {
        src: 'createThread',
        input: ({ event }) => (event as Extract<ThreadsEvent, { type: 'CREATE' }>).input,
        onDone: 'loading',
        onError: { target: 'ready', actions: assign({ error: ({ event }) => messageOf(event.error), countBefore: null }) },
      },
    },
    updating: {
      tags: ['busy'],
      invoke: {
        src: 'updateThread',
        input: ({ context, event }) => {
          if (event.type === 'ADD_MEMBERS') {
            const existing = context.threads.find((t) => t.id === event.threadId)?.users.map((u) => u.userId) ?? [];
            return { threadId: event.threadId, userIds: [...new Set([...existing, ...event.userIds])] };
          }
          return (event as Extract<ThreadsEvent, { type: 'UPDATE' }>).input;
        },
        onDone: 'loading',
        onError: { target: 'ready', actions: assign({ error: ({ event }) => messageOf(event.error) }) },
      },
    },
    deleting: {
      tags: ['busy'],
      invoke: {
        src: 'deleteThread',
        input: ({ event }) => ({ threadId: (event as Extract<ThreadsEvent, { type: 'DELETE' }>).threadId }),
        onDone: 'loading',
        onError: { target: 'ready', actions: assign({ error: ({ event }) => messageOf(event.error) }) },
      },
    },
    leaving: {
      tags: ['busy'],
      invoke: {
        src: 'leaveThread',
        input: ({ event }) => ({ threadId: (event as Extract<ThreadsEvent, { type: 'LEAVE' }>).threadId }),
        onDone: 'loading',
        onError: { target: 'ready', actions: assign({ error: ({ event }) => messageOf(event.error) }) },
      },
    },
  },
});
