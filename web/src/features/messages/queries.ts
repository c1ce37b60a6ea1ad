import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';
import type { Message, MessageContact, MessageGroup, MessageSearchHit, MessagesPage, Thread } from '../../../../contracts/messaging';

export const messageKeys = {
  all: ['messages'] as const,
  threads: ['messages', 'threads'] as const,
  stats: ['messages', 'stats'] as const,
  thread: (threadId: number) => ['messages', 'threads', threadId] as const,
  contacts: ['messages', 'contacts'] as const,
  groups: ['messages', 'groups'] as const,
  search: (text: string, page: number) => ['messages', 'search', text, page] as const,
};

export const messageQueries = {
  threads: () => queryOptions({ queryKey: messageKeys.threads, queryFn: () => messageActions.loadThreads() }),
  stats: () => queryOptions({ queryKey: messageKeys.stats, queryFn: () => api.get<{ unreadCount: number }>('messages/threadStats'), refetchInterval: 60_000 }),
  messages: (threadId: number) =>
    queryOptions({
      queryKey: messageKeys.thread(threadId),
      queryFn: () => api.get<MessagesPage>(`messages/threads/${threadId}/messages`, { query: { size: 100 } }),
    }),
  contacts: () => queryOptions({ queryKey: messageKeys.contacts, queryFn: () => api.get<MessageContact[]>('messages/contacts') }),
  groups: () => queryOptions({ queryKey: messageKeys.groups, queryFn: () => api.get<MessageGroup[]>('messages/groups') }),
  search: (text: string, page: number) =>
    queryOptions({
      queryKey: messageKeys.search(text, page),
      queryFn: () => api.post<{ totalElements: number; content: MessageSearchHit[] }>('messages/page', { page, size: 20, filter: { text } }),
      enabled: text.trim().length > 0,
    }),
};

export interface ThreadInput {
  userIds: number[];
  name?: string | null;
  vesselId?: number | null;
}

export interface ThreadSettings {
  threadId: number;
  name?: string | null;
  userIds?: number[];
  muted?: boolean;
}

export const messageActions = {
  loadThreads: () => api.get<Thread[]>('messages/threads'),
  createThread: (input: ThreadInput) => api.post<Thread>('messages/threads', input),
  updateThread: (input: ThreadSettings) => api.put<Thread>('messages/threads', input),
  deleteThread: (threadId: number) => api.delete<unknown>(`messages/threads/${threadId}`),
  leaveThread: (threadId: number) => api.post<unknown>(`messages/threads/${threadId}/leave`),
  older: (threadId: number, before: number) => api.get<MessagesPage>(`messages/threads/${threadId}/messages`, { query: { before, size: 100 } }),
  ping: (threadId: number) => api.post<{ unreadCount: number }>('messages/ping', { threadId }),
  deleteMessage: (messageId: number) => api.delete<unknown>(`messages/${messageId}`),
  /** Multipart: the files as `attachments[]`, the thread id added to the form (spec 3). */
  post: (threadId: number, text: string, files: File[]) => {
    const form = new FormData();
    form.append('threadId', String(threadId));
    form.append('text', text);
    for (const file of files) form.append('attachments[]', file, file.name);
    return api.post<Message>('messages', form);
  },
};
