import { useEffect, useMemo, useRef, useState, type DragEvent, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Attachment, Message, MessagesPage as MessagesPageData, Thread } from '../../../../contracts/messaging';
import { ATTACHMENT_MAX_BYTES, ATTACHMENT_MAX_FILES } from '../../../../contracts/messaging';
import { reportActionFailure } from '../../app/failures';
import { DelayedSpinner } from '../loading/DelayedSpinner';
import { ConfirmModal } from '../modal/ConfirmModal';
import { useFormatters } from '../profile/usePreferences';
import { sessionQueries } from '../session/queries';
import { useFixedLink, useLink } from '../links/useLink';
import { messageActions, messageKeys, messageQueries } from './queries';
import { Dialog, ThreadForm, type ThreadDraft } from './ThreadForm';
import { contactName, contactVia, personName } from './names';
import { threadErrorText, threadMutation, type ThreadOperation } from './threads';
import './messages.css';

const fullName = personName;

export function threadTitle(thread: Thread, meId: number | undefined): string {
  if (thread.name) return thread.name;
  const others = thread.users.filter((u) => u.userId !== meId);
  return others.map(fullName).join(', ') || 'Only you';
}

/** The messages page: the thread list with unread badges, the open thread, and starting a thread (optionally prefilled from a vessel page). */
export function MessagesPage({ draft, threadId }: { draft?: ThreadDraft; threadId?: number }) {
  const me = useQuery(sessionQueries.user()).data;
  // The thread list is the cache's, kept current by the message stream (useMessagesLive); which thread is open is the page's.
  const list = useQuery({ ...messageQueries.threads(), refetchOnMount: 'always' });
  const [selectedId, setSelectedId] = useState<number | null>(threadId ?? null);
  useEffect(() => {
    if (threadId) setSelectedId(threadId);
  }, [threadId]);
  // A thread gone from the list read last is no longer open.
  useEffect(() => {
    if (list.data && !list.isFetching && selectedId !== null && !list.data.some((t) => t.id === selectedId)) setSelectedId(null);
  }, [list.data, list.isFetching, selectedId]);
  const operation = useMutation({ ...threadMutation(), onSuccess: (next) => setSelectedId(next) });
  const run = (next: ThreadOperation) => {
    if (!operation.isPending) operation.mutate({ operation: next, selectedId });
  };
  const [dismissedLoadError, setDismissedLoadError] = useState<unknown>(null);
  const [composing, setComposing] = useState<ThreadDraft | null>(draft ?? null);
  const [search, setSearch] = useState('');
  const threads = useMemo(() => list.data ?? [], [list.data]);
  const failure = operation.error ?? (list.error !== dismissedLoadError ? list.error : null);
  const error = failure ? threadErrorText(failure) : null;
  const selected = threads.find((t) => t.id === selectedId) ?? null;
  const busy = operation.isPending || list.isFetching;
  const send = (event: { type: 'SELECT'; threadId: number | null } | { type: 'DISMISS_ERROR' } | ThreadOperation) => {
    if (event.type === 'SELECT') setSelectedId(event.threadId);
    else if (event.type === 'DISMISS_ERROR') {
      operation.reset();
      setDismissedLoadError(list.error);
    } else run(event);
  };

  return (
    <section className={`page messages${selected ? ' messages--thread-open' : ''}`} aria-labelledby="messages-title">
      <div className="messages__list">
        <div className="messages__list-head">
          <h1 id="messages-title">Messages</h1>
          <button type="button" className="button button--primary button--small" onClick={() => setComposing({ userIds: [], name: '', vesselId: null })}>
            New thread
          </button>
        </div>
        <label className="visually-hidden" htmlFor="message-search">
          Search messages
        </label>
        <input
          id="message-search"
          className="input"
          type="search"
          placeholder="Search messages and files"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
        {error ? (
          <p className="form-error" role="alert">
            {error}{' '}
            <button type="button" className="link-button" onClick={() => send({ type: 'DISMISS_ERROR' })}>
              Dismiss
            </button>
          </p>
        ) : null}
        {search.trim() ? (
          <SearchResults text={search.trim()} onOpen={(threadId) => (setSearch(''), send({ type: 'SELECT', threadId }))} />
        ) : (
          <ThreadList
            threads={threads}
            loading={list.isPending}
            selectedId={selectedId}
            meId={me?.id}
            onSelect={(threadId) => send({ type: 'SELECT', threadId })}
          />
        )}
      </div>
      <div className="messages__thread">
        {selected ? (
          <ThreadView
            key={selected.id}
            thread={selected}
            meId={me?.id}
            busy={busy}
            onBack={() => send({ type: 'SELECT', threadId: null })}
            onUpdate={(input) => send({ type: 'UPDATE', input: { threadId: selected.id, ...input } })}
            onAddMembers={(userIds) => send({ type: 'ADD_MEMBERS', threadId: selected.id, userIds })}
            onDelete={() => send({ type: 'DELETE', threadId: selected.id })}
            onLeave={() => send({ type: 'LEAVE', threadId: selected.id })}
          />
        ) : (
          <p className="empty-state messages__placeholder">
            {threads.length ? 'Choose a thread to read it.' : 'No conversations yet. Start one with New thread.'}
          </p>
        )}
      </div>
      {composing ? (
        <ThreadForm
          initial={composing}
          busy={busy}
          onClose={() => setComposing(null)}
          onSubmit={(input) => {
            send({ type: 'CREATE', input });
            setComposing(null);
          }}
        />
      ) : null}
    </section>
  );
}

function ThreadList({
  threads,
  loading,
  selectedId,
  meId,
  onSelect,
}: {
  threads: Thread[];
  loading: boolean;
  selectedId: number | null;
  meId?: number;
  onSelect: (id: number) => void;
}) {
  const format = useFormatters();
  if (loading) return <DelayedSpinner loading label="Loading threads…" />;
  if (threads.length === 0) return <p className="empty-state">No threads yet.</p>;
  return (
    <ul className="thread-list" aria-label="Threads">
      {threads.map((t) => (
        <li key={t.id}>
          <button
            type="button"
            className={`thread-item${t.id === selectedId ? ' is-active' : ''}`}
            aria-current={t.id === selectedId ? 'true' : undefined}
            onClick={() => onSelect(t.id)}
          >
            <span className="thread-item__title">
              {threadTitle(t, meId)}
              {t.muted ? <span className="muted"> · muted</span> : null}
            </span>
            {t.unreadCount > 0 ? (
              <span className="badge thread-item__badge" aria-label={`${t.unreadCount} unread`}>
                {t.unreadCount}
              </span>
            ) : null}
            <span className="thread-item__last muted">
              {t.vesselName ? `${t.vesselName} · ` : ''}
              {t.lastMessage ? lastMessageText(t.lastMessage) : 'No messages yet'}
            </span>
            <span className="thread-item__time muted">{format.dateTime(t.lastActivityAt, false)}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}

const lastMessageText = (m: Message) => m.text || (m.attachments.length ? `📎 ${m.attachments.map((a) => a.name).join(', ')}` : '');

function SearchResults({ text, onOpen }: { text: string; onOpen: (threadId: number) => void }) {
  const [page, setPage] = useState(0);
  const results = useQuery(messageQueries.search(text, page));
  const format = useFormatters();
  useEffect(() => setPage(0), [text]);
  if (results.isPending) return <DelayedSpinner loading label="Searching…" />;
  if (results.isError)
    return (
      <p className="form-error" role="alert">
        The search failed.
      </p>
    );
  const { totalElements, content } = results.data;
  if (totalElements === 0) return <p className="empty-state">No message matches “{text}”.</p>;
  const pages = Math.ceil(totalElements / 20);
  return (
    <>
      <ul className="thread-list" aria-label="Search results">
        {content.map(({ message, threadName }) => (
          <li key={message.id}>
            <button type="button" className="thread-item" onClick={() => onOpen(message.threadId)}>
              <span className="thread-item__title">{threadName ?? 'Conversation'}</span>
              <span className="thread-item__last muted">{lastMessageText(message)}</span>
              <span className="thread-item__time muted">{format.dateTime(message.createdAt, false)}</span>
            </button>
          </li>
        ))}
      </ul>
      {pages > 1 ? (
        <div className="button-row">
          <button type="button" className="button button--small" disabled={page === 0} onClick={() => setPage(page - 1)}>
            Newer
          </button>
          <span className="muted">
            Page {page + 1} of {pages}
          </span>
          <button type="button" className="button button--small" disabled={page + 1 >= pages} onClick={() => setPage(page + 1)}>
            Older
          </button>
        </div>
      ) : null}
    </>
  );
}

interface ThreadViewProps {
  thread: Thread;
  meId?: number;
  busy: boolean;
  onBack: () => void;
  onUpdate: (input: { name?: string | null; muted?: boolean; userIds?: number[] }) => void;
  onAddMembers: (userIds: number[]) => void;
  onDelete: () => void;
  onLeave: () => void;
}

function ThreadView({ thread, meId, busy, onBack, onUpdate, onAddMembers, onDelete, onLeave }: ThreadViewProps) {
  const queryClient = useQueryClient();
  const messages = useQuery(messageQueries.messages(thread.id));
  const [managing, setManaging] = useState(false);
  const [confirm, setConfirm] = useState<'delete' | 'leave' | null>(null);
  const end = useRef<HTMLDivElement>(null);
  const count = messages.data?.content.length ?? 0;

  // Reading the open thread marks it read (and tells the others through their streams).
  useEffect(() => {
    if (thread.unreadCount > 0 || count > 0)
      void messageActions.ping(thread.id).then(
        ({ unreadCount }) => queryClient.setQueryData(messageKeys.stats, { unreadCount }),
        () => undefined,
      );
    end.current?.scrollIntoView?.({ block: 'end' });
  }, [thread.id, thread.unreadCount, count, queryClient]);

  const names = new Map(thread.users.map((u) => [u.userId, fullName(u)]));
  return (
    <div className="thread">
      <header className="thread__head">
        <button type="button" className="button button--ghost button--small thread__back" onClick={onBack}>
          ‹ Threads
        </button>
        <div className="thread__heading">
          <h2>{threadTitle(thread, meId)}</h2>
          <p className="muted">
            {thread.vesselName ? `About ${thread.vesselName} · ` : ''}
            {thread.users.map(fullName).join(', ')}
          </p>
        </div>
        <button type="button" className="button button--small" onClick={() => setManaging(true)}>
          Members and settings
        </button>
      </header>
      <div className="thread__messages" aria-live="polite" aria-label="Messages">
        {messages.isPending ? <DelayedSpinner loading label="Loading messages…" /> : null}
        {messages.isError ? (
          <p className="form-error" role="alert">
            The messages could not be loaded.{' '}
            <button type="button" className="link-button" onClick={() => void messages.refetch()}>
              Try again
            </button>
          </p>
        ) : null}
        {messages.isSuccess && count === 0 ? <p className="empty-state">No messages yet. Say hello.</p> : null}
        {messages.data?.hasMore ? <OlderMessages threadId={thread.id} before={messages.data.content[0]?.id} /> : null}
        {messages.data ? <MessageList messages={messages.data.content} thread={thread} meId={meId} names={names} /> : null}
        <div ref={end} />
      </div>
      <Composer threadId={thread.id} />
      {managing ? (
        <MembersDialog
          thread={thread}
          meId={meId}
          busy={busy}
          onClose={() => setManaging(false)}
          onUpdate={onUpdate}
          onAddMembers={onAddMembers}
          onDelete={() => setConfirm('delete')}
          onLeave={() => setConfirm('leave')}
        />
      ) : null}
      {confirm ? (
        <ConfirmModal
          title={confirm === 'delete' ? 'Delete the thread' : 'Leave the thread'}
          confirmLabel={confirm === 'delete' ? 'Delete' : 'Leave'}
          pending={busy}
          onConfirm={() => {
            if (confirm === 'delete') onDelete();
            else onLeave();
            setConfirm(null);
            setManaging(false);
          }}
          onClose={() => setConfirm(null)}
        >
          <p>
            {confirm === 'delete'
              ? 'The thread, its messages and its attachments will be deleted for everyone in it. It cannot be undone.'
              : 'You will no longer see this thread or its messages unless someone adds you again.'}
          </p>
        </ConfirmModal>
      ) : null}
    </div>
  );
}

/** Loads the page of messages before the oldest one shown and puts it in front. */
function OlderMessages({ threadId, before }: { threadId: number; before: number | undefined }) {
  const queryClient = useQueryClient();
  const older = useMutation({
    mutationFn: () => messageActions.older(threadId, before ?? 0),
    onSuccess: (page) =>
      queryClient.setQueryData<MessagesPageData>(messageKeys.thread(threadId), (current) =>
        current ? { content: [...page.content, ...current.content.filter((m) => !page.content.some((o) => o.id === m.id))], hasMore: page.hasMore } : current,
      ),
    onError: (err) => reportActionFailure('Loading older messages', err),
  });
  return (
    <p className="thread__older">
      <button type="button" className="button button--small" disabled={older.isPending} onClick={() => older.mutate()}>
        Show older messages
      </button>
    </p>
  );
}

function MessageList({ messages, thread, meId, names }: { messages: Message[]; thread: Thread; meId?: number; names: Map<number, string> }) {
  const format = useFormatters();
  const queryClient = useQueryClient();
  const removing = useMutation({
    mutationFn: (id: number) => messageActions.deleteMessage(id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: messageKeys.thread(thread.id) }),
    onError: (err) => reportActionFailure('Deleting the message', err),
  });
  let lastDay = '';
  const readers = (m: Message) => thread.users.filter((u) => u.userId !== m.senderId && u.lastReadMessageId >= m.id).map(fullName);
  const lastOwn = [...messages].reverse().find((m) => m.senderId === meId);
  return (
    <ol className="message-list">
      {messages.map((m) => {
        const day = format.date(m.createdAt);
        const separator = day !== lastDay;
        lastDay = day;
        const own = m.senderId === meId;
        const seenBy = m === lastOwn ? readers(m) : [];
        return (
          <li key={m.id} className="message-list__entry">
            {separator ? (
              <p className="message-day" role="separator">
                <span>{day}</span>
              </p>
            ) : null}
            <article
              className={`message${own ? ' message--own' : ''}`}
              aria-label={`${own ? 'You' : (names.get(m.senderId ?? 0) ?? 'Someone')} at ${format.time(m.createdAt)}`}
            >
              <p className="message__meta muted">
                {own ? 'You' : (names.get(m.senderId ?? 0) ?? 'Former member')} · {format.time(m.createdAt)}
              </p>
              {m.text ? <p className="message__text">{m.text}</p> : null}
              {m.attachments.length ? (
                <ul className="message__attachments">
                  {m.attachments.map((a) => (
                    <AttachmentItem key={a.id} attachment={a} />
                  ))}
                </ul>
              ) : null}
              {own ? (
                <p className="message__actions">
                  {seenBy.length ? <span className="muted">Seen by {seenBy.join(', ')} · </span> : null}
                  <button
                    type="button"
                    className="link-button"
                    disabled={removing.isPending}
                    onClick={() => removing.mutate(m.id)}
                    aria-label={`Delete your message from ${format.time(m.createdAt)}`}
                  >
                    Delete
                  </button>
                </p>
              ) : null}
            </article>
          </li>
        );
      })}
    </ol>
  );
}

/** An attachment: its picture, loaded once, and links to open or download it, whose link keys are renewed while shown. */
function AttachmentItem({ attachment: a }: { attachment: Attachment }) {
  const picture = useFixedLink(a.mime.startsWith('image/') ? a.url : null);
  const open = useLink(a.url);
  const download = useLink(a.url, { download: true });
  return (
    <li>
      {picture ? (
        <a href={open ?? undefined} target="_blank" rel="noreferrer" className="message__image">
          <img src={picture} alt={a.name} loading="lazy" />
        </a>
      ) : null}
      <a href={download ?? undefined} download={a.name} className="message__file">
        ⬇ {a.name} <span className="muted">({formatSize(a.size)})</span>
      </a>
    </li>
  );
}

export const formatSize = (bytes: number) => (bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`);

function Composer({ threadId }: { threadId: number }) {
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const sending = useMutation({
    mutationFn: () => messageActions.post(threadId, text.trim(), files),
    onSuccess: (message) => {
      setText('');
      setFiles([]);
      queryClient.setQueryData(messageKeys.thread(threadId), (page: { content: Message[]; hasMore: boolean } | undefined) =>
        page && !page.content.some((m) => m.id === message.id) ? { ...page, content: [...page.content, message] } : page,
      );
      void queryClient.invalidateQueries({ queryKey: messageKeys.threads, exact: true });
    },
    onError: (err) => reportActionFailure('Sending the message', err),
  });
  const add = (list: FileList | null) => {
    if (!list) return;
    const next = [...files, ...Array.from(list)];
    const tooBig = next.find((f) => f.size > ATTACHMENT_MAX_BYTES);
    if (tooBig) return setProblem(`${tooBig.name} is larger than ${ATTACHMENT_MAX_BYTES / 1024 / 1024} MB.`);
    if (next.length > ATTACHMENT_MAX_FILES) return setProblem(`At most ${ATTACHMENT_MAX_FILES} files a message.`);
    setProblem(null);
    setFiles(next);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim() || files.length) sending.mutate();
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    add(event.dataTransfer.files);
  };
  return (
    <form
      className={`composer${dragging ? ' composer--dragging' : ''}`}
      onSubmit={submit}
      onDragOver={(e) => (e.preventDefault(), setDragging(true))}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
    >
      <label htmlFor="composer-text" className="visually-hidden">
        Message
      </label>
      <textarea
        id="composer-text"
        className="input composer__text"
        rows={2}
        value={text}
        placeholder="Write a message, or drop files here"
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && !e.shiftKey) submit(e);
        }}
      />
      {files.length ? (
        <ul className="composer__files" aria-label="Files to send">
          {files.map((f, i) => (
            <li key={`${f.name}-${i}`} className="chip">
              {f.name} ({formatSize(f.size)})
              <button type="button" className="link-button" aria-label={`Remove ${f.name}`} onClick={() => setFiles(files.filter((_, j) => j !== i))}>
                ×
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {problem ? (
        <p className="form-error" role="alert">
          {problem}
        </p>
      ) : null}
      <div className="button-row">
        <input
          ref={input}
          id="composer-files"
          type="file"
          multiple
          className="visually-hidden"
          aria-label="Attach files"
          tabIndex={-1}
          onChange={(e) => (add(e.target.files), (e.target.value = ''))}
        />
        <button type="button" className="button button--small" onClick={() => input.current?.click()}>
          Attach files
        </button>
        <button type="submit" className="button button--primary" disabled={sending.isPending || (!text.trim() && files.length === 0)}>
          Send
        </button>
      </div>
    </form>
  );
}

function MembersDialog({ thread, meId, busy, onClose, onUpdate, onAddMembers, onDelete, onLeave }: Omit<ThreadViewProps, 'onBack'> & { onClose: () => void }) {
  const contacts = useQuery(messageQueries.contacts());
  const [name, setName] = useState(thread.name ?? '');
  const [adding, setAdding] = useState<number[]>([]);
  const memberIds = useMemo(() => new Set(thread.users.map((u) => u.userId)), [thread.users]);
  // Someone invited and not accepted joins only a thread about the vessel they are invited to.
  const addable = (contacts.data ?? []).filter((c) => !memberIds.has(c.userId) && (!c.pending || c.invitedTo.some((i) => i.vesselId === thread.vesselId)));
  const creator = thread.createdBy === meId;
  return (
    <Dialog title="Members and settings" onClose={onClose}>
      <form
        className="form"
        onSubmit={(e) => {
          e.preventDefault();
          onUpdate({ name: name.trim() || null });
        }}
      >
        <label className="field__label" htmlFor="thread-rename">
          Name
        </label>
        <input id="thread-rename" className="input" value={name} maxLength={120} onChange={(e) => setName(e.target.value)} />
        <div className="button-row">
          <button type="submit" className="button button--small" disabled={busy}>
            Rename
          </button>
          <button type="button" className="button button--small" disabled={busy} onClick={() => onUpdate({ muted: !thread.muted })}>
            {thread.muted ? 'Unmute' : 'Mute'}
          </button>
        </div>
      </form>
      <h3>Members</h3>
      <ul className="list">
        {thread.users.map((u) => (
          <li key={u.userId} className="list__item member-row">
            {fullName(u)}
            {u.userId === thread.createdBy ? <span className="muted"> · started the thread</span> : null}
            {creator && u.userId !== meId ? (
              <button
                type="button"
                className="link-button"
                disabled={busy}
                onClick={() => onUpdate({ userIds: thread.users.map((x) => x.userId).filter((id) => id !== u.userId) })}
              >
                Remove
              </button>
            ) : null}
          </li>
        ))}
      </ul>
      <fieldset className="form">
        <legend>Add people</legend>
        {contacts.isPending ? <DelayedSpinner loading label="Loading contacts…" /> : null}
        {contacts.isError ? <p className="form-error">The contacts could not be loaded.</p> : null}
        {addable.length === 0 && contacts.data ? <p className="empty-state">Everyone you can message is already here.</p> : null}
        {addable.map((c) => (
          <label key={c.userId} className="contact-option">
            <input
              type="checkbox"
              checked={adding.includes(c.userId)}
              onChange={(e) => setAdding(e.target.checked ? [...adding, c.userId] : adding.filter((id) => id !== c.userId))}
            />
            {contactName(c)} <span className="muted">{contactVia(c)}</span>
          </label>
        ))}
        <div className="button-row">
          <button
            type="button"
            className="button button--small button--primary"
            disabled={busy || adding.length === 0}
            onClick={() => {
              onAddMembers(adding);
              setAdding([]);
            }}
          >
            Add
          </button>
        </div>
      </fieldset>
      <div className="button-row">
        <button type="button" className="button button--small" onClick={onLeave}>
          Leave the thread
        </button>
        {creator ? (
          <button type="button" className="button button--small button--danger" onClick={onDelete}>
            Delete the thread
          </button>
        ) : null}
      </div>
    </Dialog>
  );
}
