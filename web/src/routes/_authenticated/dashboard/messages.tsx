import { createFileRoute } from '@tanstack/react-router';
import { MessagesPage } from '../../../features/messages/MessagesPage';
import { pageTitle } from '../../../features/layout/documentTitle';
import { i18n } from '../../../i18n';

interface MessagesSearch {
  /** Start a thread about this vessel (the vessel page's "Message the dealer"). */
  vesselId?: number;
  /** With these people already chosen. */
  to?: number[];
  /** Open this thread. */
  thread?: number;
}

const ids = (value: unknown): number[] =>
  (Array.isArray(value) ? value : typeof value === 'string' || typeof value === 'number' ? String(value).split(',') : [])
    .map(Number)
    .filter((n) => Number.isInteger(n) && n > 0);

/** Threads between the user and their contacts (docs/product.md, "Messages"). */
export const Route = createFileRoute('/_authenticated/dashboard/messages')({
  head: () => pageTitle(i18n.t('common:titles.messages')),
  validateSearch: (search: Record<string, unknown>): MessagesSearch => {
    const [vesselId] = ids(search.vesselId);
    const [thread] = ids(search.thread);
    return { ...(vesselId ? { vesselId } : {}), ...(ids(search.to).length ? { to: ids(search.to) } : {}), ...(thread ? { thread } : {}) };
  },
  component: Messages,
});

function Messages() {
  const { vesselId, to, thread } = Route.useSearch();
  const draft = vesselId || to ? { userIds: to ?? [], name: '', vesselId: vesselId ?? null } : undefined;
  return <MessagesPage key={`${vesselId ?? ''}-${(to ?? []).join(',')}-${thread ?? ''}`} draft={draft} threadId={thread} />;
}
