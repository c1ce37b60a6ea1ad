/**
 * Changing threads (docs/product.md, "Messages"): after a thread is created the list is read
 * again and, if it grew, the newest thread (highest id) is selected; after an update, a delete or
 * leaving, the selection is kept (or cleared when its thread is gone) and the list is read again;
 * adding members sends the existing members' ids plus the new ones. The list itself is the Query
 * cache's (messageQueries.threads); which thread is open is the page's. A failure is the
 * mutation's error, worded by threadErrorText.
 */
import { mutationOptions, type QueryClient } from '@tanstack/react-query';
import type { Thread } from '../../../../contracts/messaging';
import { i18n } from '../../i18n';
import { messageActions, messageKeys, type ThreadInput, type ThreadSettings } from './queries';

export type ThreadOperation =
  | { type: 'CREATE'; input: ThreadInput }
  | { type: 'UPDATE'; input: ThreadSettings }
  | { type: 'ADD_MEMBERS'; threadId: number; userIds: number[] }
  | { type: 'DELETE'; threadId: number }
  | { type: 'LEAVE'; threadId: number };

/** The calls an operation makes (messageActions; a test's own). */
export interface ThreadCalls {
  loadThreads: () => Promise<Thread[]>;
  createThread: (input: ThreadInput) => Promise<unknown>;
  updateThread: (input: ThreadSettings) => Promise<unknown>;
  deleteThread: (threadId: number) => Promise<unknown>;
  leaveThread: (threadId: number) => Promise<unknown>;
}

const serverCalls: ThreadCalls = messageActions;

export const threadErrorText = (error: unknown): string =>
  error instanceof Error ? ((error as { serverMessage?: string }).serverMessage ?? error.message) : i18n.t('messages:page.failed');

/** The selection after the list was read again: the newest thread if a creation grew the list, else kept if its thread is still listed. */
function selectionAfter(operation: ThreadOperation, before: Thread[], threads: Thread[], selectedId: number | null): number | null {
  if (operation.type === 'CREATE' && threads.length > before.length) return Math.max(...threads.map((t) => t.id));
  return selectedId !== null && threads.some((t) => t.id === selectedId) ? selectedId : null;
}

/** Runs one operation, reads the thread list again into the cache, and answers the selection after it. */
export async function runThreadOperation(
  queryClient: QueryClient,
  operation: ThreadOperation,
  selectedId: number | null,
  calls: ThreadCalls = serverCalls,
): Promise<number | null> {
  const before = queryClient.getQueryData<Thread[]>(messageKeys.threads) ?? [];
  switch (operation.type) {
    case 'CREATE':
      await calls.createThread(operation.input);
      break;
    case 'UPDATE':
      await calls.updateThread(operation.input);
      break;
    case 'ADD_MEMBERS': {
      const existing = before.find((t) => t.id === operation.threadId)?.users.map((u) => u.userId) ?? [];
      await calls.updateThread({ threadId: operation.threadId, userIds: [...new Set([...existing, ...operation.userIds])] });
      break;
    }
    case 'DELETE':
      await calls.deleteThread(operation.threadId);
      break;
    case 'LEAVE':
      await calls.leaveThread(operation.threadId);
      break;
  }
  const threads = await queryClient.fetchQuery({ queryKey: messageKeys.threads, queryFn: calls.loadThreads, staleTime: 0 });
  return selectionAfter(operation, before, threads, selectedId);
}

/** A thread operation as a mutation; its answer is the selection after it. */
export const threadMutation = (calls: ThreadCalls = serverCalls) =>
  mutationOptions({
    mutationFn: ({ operation, selectedId }: { operation: ThreadOperation; selectedId: number | null }, { client }) =>
      runThreadOperation(client, operation, selectedId, calls),
  });
