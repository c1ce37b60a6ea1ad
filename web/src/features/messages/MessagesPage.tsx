import { useEffect, useMemo, useRef, useState, type DragEvent, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Attachment, Message, MessagesPage as MessagesPageData, Thread } from '../../../../contracts/messaging';
import { ATTACHMENT_MAX_BYTES, ATTACHMENT_MAX_FILES } from '../../../../contracts/messaging';
import { reportActionFailure } from '../../app/failures';
import { currentLocale, i18n } from '../../i18n';
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
  return others.map(fullName).join(', ') || i18n.t('messages:thread.onlyYou');
}

/** The messages page: the thread list with unread badges, the open thread, and starting a thread (optionally prefilled from a vessel page). */
export function MessagesPage({ draft, threadId }: { draft?: ThreadDraft; threadId?: number }) {
  const { t } = useTranslation('messages');
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
  const selected = threads.find((thread) => thread.id === selectedId) ?? null;
  const busy = operation.isPending || list.isFetching;
  const dismissError = () => {
    operation.reset();
    setDismissedLoadError(list.error);
  };

  return (
    <section className={`page messages${selected ? ' messages--thread-open' : ''}`} aria-labelledby="messages-title">
      <div className="messages__list">
        <div className="messages__list-head">
          <h1 id="messages-title">{t('page.title')}</h1>
          <button type="button" className="button button--primary button--small" onClick={() => setComposing({ userIds: [], name: '', vesselId: null })}>
            {t('page.newThread')}
          </button>
        </div>
        <label className="visually-hidden" htmlFor="message-search">
          {t('page.search')}
        </label>
        <input
          id="message-search"
          className="input"
          type="search"
          placeholder={t('page.searchPlaceholder')}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
        {error ? (
          <p className="form-error" role="alert">
            {error}{' '}
            <button type="button" className="link-button" onClick={dismissError}>
              {t('page.dismiss')}
            </button>
          </p>
        ) : null}
        {search.trim() ? (
          <SearchResults text={search.trim()} onOpen={(threadId) => (setSearch(''), setSelectedId(threadId))} />
        ) : (
          <ThreadList threads={threads} loading={list.isPending} selectedId={selectedId} meId={me?.id} onSelect={setSelectedId} />
        )}
      </div>
      <div className="messages__thread">
        {selected ? (
          <ThreadView
            key={selected.id}
            thread={selected}
            meId={me?.id}
            busy={busy}
            onBack={() => setSelectedId(null)}
            onUpdate={(input) => run({ type: 'UPDATE', input: { threadId: selected.id, ...input } })}
            onAddMembers={(userIds) => run({ type: 'ADD_MEMBERS', threadId: selected.id, userIds })}
            onDelete={() => run({ type: 'DELETE', threadId: selected.id })}
            onLeave={() => run({ type: 'LEAVE', threadId: selected.id })}
          />
        ) : (
          <p className="empty-state messages__placeholder">{threads.length ? t('page.choose') : t('page.noConversations')}</p>
        )}
      </div>
      {composing ? (
        <ThreadForm
          initial={composing}
          busy={busy}
          onClose={() => setComposing(null)}
          onSubmit={(input) => {
            run({ type: 'CREATE', input });
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
  const { t } = useTranslation('messages');
  const format = useFormatters();
  if (loading) return <DelayedSpinner loading label={t('list.loading')} />;
  if (threads.length === 0) return <p className="empty-state">{t('list.empty')}</p>;
  return (
    <ul className="thread-list" aria-label={t('list.label')}>
      {threads.map((thread) => (
        <li key={thread.id}>
          <button
            type="button"
            className={`thread-item${thread.id === selectedId ? ' is-active' : ''}`}
            aria-current={thread.id === selectedId ? 'true' : undefined}
            onClick={() => onSelect(thread.id)}
          >
            <span className="thread-item__title">
              {threadTitle(thread, meId)}
              {thread.muted ? <span className="muted"> · {t('list.muted')}</span> : null}
            </span>
            {thread.unreadCount > 0 ? (
              <span className="badge thread-item__badge" aria-label={t('list.unread', { count: thread.unreadCount })}>
                {thread.unreadCount}
              </span>
            ) : null}
            <span className="thread-item__last muted">
              {thread.vesselName ? `${thread.vesselName} · ` : ''}
              {thread.lastMessage ? lastMessageText(thread.lastMessage) : t('list.noMessages')}
            </span>
            <span className="thread-item__time muted">{format.dateTime(thread.lastActivityAt, false)}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}

const lastMessageText = (m: Message) => m.text || (m.attachments.length ? `📎 ${m.attachments.map((a) => a.name).join(', ')}` : '');

function SearchResults({ text, onOpen }: { text: string; onOpen: (threadId: number) => void }) {
  const { t } = useTranslation('messages');
  const [page, setPage] = useState(0);
  const results = useQuery(messageQueries.search(text, page));
  const format = useFormatters();
  useEffect(() => setPage(0), [text]);
  if (results.isPending) return <DelayedSpinner loading label={t('search.searching')} />;
  if (results.isError)
    return (
      <p className="form-error" role="alert">
        {t('search.failed')}
      </p>
    );
  const { totalElements, content } = results.data;
  if (totalElements === 0) return <p className="empty-state">{t('search.noMatch', { text })}</p>;
  const pages = Math.ceil(totalElements / 20);
  return (
    <>
      <ul className="thread-list" aria-label={t('search.results')}>
        {content.map(({ message, threadName }) => (
          <li key={message.id}>
            <button type="button" className="thread-item" onClick={() => onOpen(message.threadId)}>
              <span className="thread-item__title">{threadName ?? t('thread.conversation')}</span>
              <span className="thread-item__last muted">{lastMessageText(message)}</span>
              <span className="thread-item__time muted">{format.dateTime(message.createdAt, false)}</span>
            </button>
          </li>
        ))}
      </ul>
      {pages > 1 ? (
        <div className="button-row">
          <button type="button" className="button button--small" disabled={page === 0} onClick={() => setPage(page - 1)}>
            {t('search.newer')}
          </button>
          <span className="muted">{t('search.page', { page: page + 1, pages })}</span>
          <button type="button" className="button button--small" disabled={page + 1 >= pages} onClick={() => setPage(page + 1)}>
            {t('search.older')}
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
  const { t } = useTranslation('messages');
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
          {t('thread.back')}
        </button>
        <div className="thread__heading">
          <h2>{threadTitle(thread, meId)}</h2>
          <p className="muted">
            {thread.vesselName ? `${t('thread.about', { vessel: thread.vesselName })} · ` : ''}
            {thread.users.map(fullName).join(', ')}
          </p>
        </div>
        <button type="button" className="button button--small" onClick={() => setManaging(true)}>
          {t('members.title')}
        </button>
      </header>
      <div className="thread__messages" aria-live="polite" aria-label={t('thread.messages')}>
        {messages.isPending ? <DelayedSpinner loading label={t('thread.loading')} /> : null}
        {messages.isError ? (
          <p className="form-error" role="alert">
            {t('thread.loadFailed')}{' '}
            <button type="button" className="link-button" onClick={() => void messages.refetch()}>
              {t('thread.tryAgain')}
            </button>
          </p>
        ) : null}
        {messages.isSuccess && count === 0 ? <p className="empty-state">{t('thread.empty')}</p> : null}
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
          title={confirm === 'delete' ? t('confirm.deleteTitle') : t('confirm.leaveTitle')}
          confirmLabel={confirm === 'delete' ? t('confirm.delete') : t('confirm.leave')}
          pending={busy}
          onConfirm={() => {
            if (confirm === 'delete') onDelete();
            else onLeave();
            setConfirm(null);
            setManaging(false);
          }}
          onClose={() => setConfirm(null)}
        >
          <p>{confirm === 'delete' ? t('confirm.deleteText') : t('confirm.leaveText')}</p>
        </ConfirmModal>
      ) : null}
    </div>
  );
}

/** Loads the page of messages before the oldest one shown and puts it in front. */
function OlderMessages({ threadId, before }: { threadId: number; before: number | undefined }) {
  const { t } = useTranslation('messages');
  const queryClient = useQueryClient();
  const older = useMutation({
    mutationFn: () => messageActions.older(threadId, before ?? 0),
    onSuccess: (page) =>
      queryClient.setQueryData<MessagesPageData>(messageKeys.thread(threadId), (current) =>
        current ? { content: [...page.content, ...current.content.filter((m) => !page.content.some((o) => o.id === m.id))], hasMore: page.hasMore } : current,
      ),
    onError: (err) => reportActionFailure(t('thread.loadingOlder'), err),
  });
  return (
    <p className="thread__older">
      <button type="button" className="button button--small" disabled={older.isPending} onClick={() => older.mutate()}>
        {t('thread.showOlder')}
      </button>
    </p>
  );
}

function MessageList({ messages, thread, meId, names }: { messages: Message[]; thread: Thread; meId?: number; names: Map<number, string> }) {
  const { t } = useTranslation('messages');
  const format = useFormatters();
  const queryClient = useQueryClient();
  const removing = useMutation({
    mutationFn: (id: number) => messageActions.deleteMessage(id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: messageKeys.thread(thread.id) }),
    onError: (err) => reportActionFailure(t('message.deleting'), err),
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
              aria-label={
                own
                  ? t('message.ownLabel', { time: format.time(m.createdAt) })
                  : t('message.label', { name: names.get(m.senderId ?? 0) ?? t('message.someone'), time: format.time(m.createdAt) })
              }
            >
              <p className="message__meta muted">
                {own ? t('message.you') : (names.get(m.senderId ?? 0) ?? t('message.formerMember'))} · {format.time(m.createdAt)}
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
                  {seenBy.length ? <span className="muted">{t('message.seenBy', { names: seenBy.join(', ') })} · </span> : null}
                  <button
                    type="button"
                    className="link-button"
                    disabled={removing.isPending}
                    onClick={() => removing.mutate(m.id)}
                    aria-label={t('message.deleteLabel', { time: format.time(m.createdAt) })}
                  >
                    {t('message.delete')}
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

/** A file's size in the current language: "1.5 MB", "12 KB" ("1,5 Mo" in French). */
export const formatSize = (bytes: number) =>
  bytes >= 1024 * 1024
    ? i18n.t('messages:size.megabytes', {
        size: (bytes / 1024 / 1024).toLocaleString(currentLocale(), { minimumFractionDigits: 1, maximumFractionDigits: 1 }),
      })
    : i18n.t('messages:size.kilobytes', { size: Math.max(1, Math.round(bytes / 1024)).toLocaleString(currentLocale()) });

function Composer({ threadId }: { threadId: number }) {
  const { t } = useTranslation('messages');
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
    onError: (err) => reportActionFailure(t('composer.sending'), err),
  });
  const add = (list: FileList | null) => {
    if (!list) return;
    const next = [...files, ...Array.from(list)];
    const tooBig = next.find((f) => f.size > ATTACHMENT_MAX_BYTES);
    if (tooBig) return setProblem(t('composer.tooBig', { name: tooBig.name, megabytes: ATTACHMENT_MAX_BYTES / 1024 / 1024 }));
    if (next.length > ATTACHMENT_MAX_FILES) return setProblem(t('composer.tooMany', { max: ATTACHMENT_MAX_FILES }));
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
        {t('composer.message')}
      </label>
      <textarea
        id="composer-text"
        className="input composer__text"
        rows={2}
        value={text}
        placeholder={t('composer.placeholder')}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && !e.shiftKey) submit(e);
        }}
      />
      {files.length ? (
        <ul className="composer__files" aria-label={t('composer.files')}>
          {files.map((f, i) => (
            <li key={`${f.name}-${i}`} className="chip">
              {f.name} ({formatSize(f.size)})
              <button
                type="button"
                className="link-button"
                aria-label={t('composer.remove', { name: f.name })}
                onClick={() => setFiles(files.filter((_, j) => j !== i))}
              >
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
          aria-label={t('composer.attach')}
          tabIndex={-1}
          onChange={(e) => (add(e.target.files), (e.target.value = ''))}
        />
        <button type="button" className="button button--small" onClick={() => input.current?.click()}>
          {t('composer.attach')}
        </button>
        <button type="submit" className="button button--primary" disabled={sending.isPending || (!text.trim() && files.length === 0)}>
          {t('composer.send')}
        </button>
      </div>
    </form>
  );
}

function MembersDialog({ thread, meId, busy, onClose, onUpdate, onAddMembers, onDelete, onLeave }: Omit<ThreadViewProps, 'onBack'> & { onClose: () => void }) {
  const { t } = useTranslation('messages');
  const contacts = useQuery(messageQueries.contacts());
  const [name, setName] = useState(thread.name ?? '');
  const [adding, setAdding] = useState<number[]>([]);
  const memberIds = useMemo(() => new Set(thread.users.map((u) => u.userId)), [thread.users]);
  // Someone invited and not accepted joins only a thread about the vessel they are invited to.
  const addable = (contacts.data ?? []).filter((c) => !memberIds.has(c.userId) && (!c.pending || c.invitedTo.some((i) => i.vesselId === thread.vesselId)));
  const creator = thread.createdBy === meId;
  return (
    <Dialog title={t('members.title')} onClose={onClose}>
      <form
        className="form"
        onSubmit={(e) => {
          e.preventDefault();
          onUpdate({ name: name.trim() || null });
        }}
      >
        <label className="field__label" htmlFor="thread-rename">
          {t('members.name')}
        </label>
        <input id="thread-rename" className="input" value={name} maxLength={120} onChange={(e) => setName(e.target.value)} />
        <div className="button-row">
          <button type="submit" className="button button--small" disabled={busy}>
            {t('members.rename')}
          </button>
          <button type="button" className="button button--small" disabled={busy} onClick={() => onUpdate({ muted: !thread.muted })}>
            {thread.muted ? t('members.unmute') : t('members.mute')}
          </button>
        </div>
      </form>
      <h3>{t('members.members')}</h3>
      <ul className="list">
        {thread.users.map((u) => (
          <li key={u.userId} className="list__item member-row">
            {fullName(u)}
            {u.userId === thread.createdBy ? <span className="muted"> · {t('members.starter')}</span> : null}
            {creator && u.userId !== meId ? (
              <button
                type="button"
                className="link-button"
                disabled={busy}
                onClick={() => onUpdate({ userIds: thread.users.map((x) => x.userId).filter((id) => id !== u.userId) })}
              >
                {t('members.remove')}
              </button>
            ) : null}
          </li>
        ))}
      </ul>
      <fieldset className="form">
        <legend>{t('members.addPeople')}</legend>
        {contacts.isPending ? <DelayedSpinner loading label={t('contacts.loading')} /> : null}
        {contacts.isError ? <p className="form-error">{t('contacts.loadFailed')}</p> : null}
        {addable.length === 0 && contacts.data ? <p className="empty-state">{t('members.everyoneHere')}</p> : null}
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
            {t('members.add')}
          </button>
        </div>
      </fieldset>
      <div className="button-row">
        <button type="button" className="button button--small" onClick={onLeave}>
          {t('confirm.leaveTitle')}
        </button>
        {creator ? (
          <button type="button" className="button button--small button--danger" onClick={onDelete}>
            {t('confirm.deleteTitle')}
          </button>
        ) : null}
      </div>
    </Dialog>
  );
}
