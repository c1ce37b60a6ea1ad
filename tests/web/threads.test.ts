/**
 * The thread list's rules (docs/product.md, "Messages"; web/src/features/messages/threads.ts, run
 * here as the messages page runs it: a mutation over the Query cache's thread list): creation
 * reloads and selects the newest thread only if the list grew; update and delete keep or clear the
 * selection and reload; adding members sends the existing ids plus the new ones; a failed
 * operation is returned as an error, never thrown.
 */
import { describe, expect, it } from 'vitest';
import { MutationObserver, QueryClient } from '@tanstack/react-query';
import type { Thread } from '../../contracts/messaging';
import { messageKeys } from '../../web/src/features/messages/queries';
import { threadErrorText, threadMutation, type ThreadOperation } from '../../web/src/features/messages/threads';
import type { ThreadInput, ThreadSettings } from '../../web/src/features/messages/queries';

const thread = (id: number, userIds: number[] = [1, 2]): Thread => ({
  id,
  name: null,
  createdBy: 1,
  vesselId: null,
  vesselName: null,
  users: userIds.map((userId) => ({ userId, firstName: '', lastName: '', invited: false, lastReadMessageId: 0 })),
  muted: false,
  unreadCount: 0,
  lastMessage: null,
  createdAt: '2026-11-24T00:00:00.000Z',
  lastActivityAt: '2026-11-24T00:00:00.000Z',
});

function setup(initial: Thread[], { creationGrowsList = true } = {}) {
  let server = initial;
  const updates: ThreadSettings[] = [];
  const fail: { next: string | null } = { next: null };
  const failing = async () => {
    if (fail.next) {
      const message = fail.next;
      fail.next = null;
      throw new Error(message);
    }
  };
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const loadThreads = async () => server;
  const operation = new MutationObserver(
    queryClient,
    threadMutation({
      loadThreads,
      createThread: async (input: ThreadInput) => {
        await failing();
        // Another session may have created one meanwhile: the list can grow by more than one.
        const id = Math.max(0, ...server.map((t) => t.id)) + 1;
        if (creationGrowsList) server = [...server, thread(id, [1, ...input.userIds])];
      },
      updateThread: async (input: ThreadSettings) => {
        await failing();
        updates.push(input);
      },
      deleteThread: async (threadId: number) => {
        await failing();
        server = server.filter((t) => t.id !== threadId);
      },
      leaveThread: async (threadId: number) => {
        server = server.filter((t) => t.id !== threadId);
      },
    }),
  );
  // The page's state: the selection is its own, the list the cache's, the error the mutation's.
  let selectedId: number | null = null;
  let running: Promise<unknown> = queryClient.fetchQuery({ queryKey: messageKeys.threads, queryFn: loadThreads });
  const snapshot = () => {
    const { error, isPending } = operation.getCurrentResult();
    return {
      context: { threads: queryClient.getQueryData<Thread[]>(messageKeys.threads) ?? [], selectedId, error: error ? threadErrorText(error) : null },
      /** Ready for another operation. */
      ready: !isPending,
    };
  };
  const page = {
    select: (threadId: number | null) => (selectedId = threadId),
    run: (next: ThreadOperation) => {
      running = operation.mutate({ operation: next, selectedId }).then(
        (selection) => (selectedId = selection),
        () => undefined,
      );
    },
    dismissError: () => operation.reset(),
    snapshot,
  };
  const settled = async () => {
    await running;
    return snapshot();
  };
  return {
    page,
    settled,
    updates,
    fail,
  };
}

describe('the thread operations', () => {
  it('selects the newest thread (highest id) after a creation that grew the list', async () => {
    const { page, settled } = setup([thread(3), thread(7)]);
    await settled();
    page.select(3);
    page.run({ type: 'CREATE', input: { userIds: [5] } });
    const state = await settled();
    expect(state.context.threads.map((t) => t.id)).toEqual([3, 7, 8]);
    expect(state.context.selectedId).toBe(8);
  });

  it('keeps the selection when a creation did not grow the list', async () => {
    const { page, settled } = setup([thread(3)], { creationGrowsList: false });
    await settled();
    page.select(3);
    page.run({ type: 'CREATE', input: { userIds: [5] } });
    const state = await settled();
    expect(state.context.selectedId).toBe(3);
  });

  it('keeps the selection after an update and clears it after its thread is deleted, reloading each time', async () => {
    const { page, settled, updates } = setup([thread(1), thread(2)]);
    await settled();
    page.select(2);
    page.run({ type: 'UPDATE', input: { threadId: 2, name: 'Refit' } });
    expect((await settled()).context.selectedId).toBe(2);
    expect(updates).toEqual([{ threadId: 2, name: 'Refit' }]);
    page.run({ type: 'DELETE', threadId: 1 });
    let state = await settled();
    expect(state.context.selectedId).toBe(2);
    expect(state.context.threads.map((t) => t.id)).toEqual([2]);
    page.run({ type: 'DELETE', threadId: 2 });
    state = await settled();
    expect(state.context.selectedId).toBeNull();
    expect(state.context.threads).toEqual([]);
  });

  it('adds members by sending the existing ids plus the new ones', async () => {
    const { page, settled, updates } = setup([thread(4, [1, 2])]);
    await settled();
    page.run({ type: 'ADD_MEMBERS', threadId: 4, userIds: [9, 2] });
    await settled();
    expect(updates).toEqual([{ threadId: 4, userIds: [1, 2, 9] }]);
  });

  it('returns a failed operation as an error and stays usable', async () => {
    const { page, settled, fail } = setup([thread(1)]);
    await settled();
    fail.next = 'You can only add your contacts to a thread';
    page.run({ type: 'CREATE', input: { userIds: [99] } });
    let state = await settled();
    expect(state.context.error).toBe('You can only add your contacts to a thread');
    expect(state.context.threads.map((t) => t.id)).toEqual([1]);
    expect(state.ready).toBe(true);
    fail.next = 'Only the person who started the thread can delete it';
    page.run({ type: 'DELETE', threadId: 1 });
    state = await settled();
    expect(state.context.error).toBe('Only the person who started the thread can delete it');
    page.dismissError();
    expect(page.snapshot().context.error).toBeNull();
  });
});
