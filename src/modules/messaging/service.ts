/**
 * Threads and messages (docs/api.md, "Messages"). Only a thread's members read or post in it; to
 * anyone else the thread, its messages and its attachments do not exist (404). A thread about a
 * vessel is read only while the member can reach the vessel (access not ended, not paused): a
 * former member keeps their place and sees it again if their access comes back (docs/decisions.md,
 * "What a former member keeps"). Members come from
 * the creator's contacts; anyone in the thread may rename it and add their own contacts, only its
 * creator removes others or deletes it, and everyone may leave. Every change goes out on the
 * members' live streams.
 */
import Boom from '@hapi/boom';
import type { Attachment, Message, MessageContact, MessageGroup, MessageSearchHit, MessagesPage, Thread, VesselThread } from '../../../contracts/messaging.js';
import { ATTACHMENT_MAX_BYTES, ATTACHMENT_MAX_FILES, MESSAGE_MAX_BYTES } from '../../../contracts/messaging.js';
import type { Database } from '../../db/knex.js';
import { deleteFile, detectDocument, readFile, storeFile } from '../../platform/files.js';
import type { Page, PageRequest } from '../../platform/pagination.js';
import { type AccessApi, grantsOn } from '../access/api.js';
import type { AuthApi } from '../auth/api.js';
import type { Contacts } from './contacts.js';
import type { UserStreams } from './live.js';
import * as repo from './repository.js';

export interface Upload {
  filename: string;
  data: Buffer;
}

export type Clock = () => number;

const threadMissing = () => Boom.notFound('Thread not found');
const messageMissing = () => Boom.notFound('Message not found');

const attachmentView = (a: repo.AttachmentRow): Attachment => ({
  id: a.id,
  name: a.name,
  mime: a.mime,
  size: a.size,
  url: `/api/messages/attachments/${a.id}`,
});

export class MessagingService {
  constructor(
    private readonly db: Database,
    private readonly access: AccessApi,
    private readonly auth: AuthApi,
    private readonly contacts: Contacts,
    private readonly live: UserStreams,
    private readonly clock: Clock,
  ) {}

  private at(): string {
    return new Date(this.clock()).toISOString();
  }

  contactsOf(userId: number): Promise<MessageContact[]> {
    return this.contacts.contactsOf(userId);
  }

  async groupsOf(userId: number): Promise<MessageGroup[]> {
    return (await this.contacts.networkOf(userId)).groups;
  }

  async threadsOf(userId: number): Promise<Thread[]> {
    const rows = (await this.threadsWithReach(userId)).filter((t) => t.readable).map((t) => t.row);
    return (await this.views(userId, rows)).sort((a, b) => b.lastActivityAt.localeCompare(a.lastActivityAt) || b.id - a.id);
  }

  async unreadCount(userId: number): Promise<number> {
    const hidden = new Set(await this.hiddenThreadIds(userId));
    return [...(await repo.unreadCounts(this.db, userId))].reduce((sum, [threadId, n]) => sum + (hidden.has(threadId) ? 0 : n), 0);
  }

  async create(userId: number, input: { userIds: number[]; name?: string | null; vesselId?: number | null }): Promise<Thread> {
    const others = [...new Set(input.userIds)].filter((id) => id !== userId);
    if (others.length === 0) throw Boom.badRequest('userIds must name at least one other person');
    if (input.vesselId != null && !(await this.access.accessOf(userId, input.vesselId))) throw Boom.notFound('Vessel not found');
    // With someone invited and not accepted, the thread is about their vessel: it reaches them once they accept.
    const vesselId = await this.contacts.admit(userId, others, input.vesselId ?? null);
    const id = await this.db.transaction((trx) =>
      repo.insertThread(trx, {
        name: input.name?.trim() || null,
        createdBy: userId,
        vesselId,
        userIds: [userId, ...others],
        at: this.at(),
      }),
    );
    this.live.publish([userId, ...others], 'threads', { threadId: id });
    return this.thread(userId, id);
  }

  async update(userId: number, input: { threadId: number; name?: string | null; userIds?: number[]; muted?: boolean }): Promise<Thread> {
    const thread = await this.memberThread(userId, input.threadId);
    const before = await this.memberIdsOf(thread.id);
    let after = before;
    if (input.userIds) {
      after = [...new Set([userId, ...input.userIds])];
      const added = after.filter((id) => !before.includes(id));
      const removed = before.filter((id) => !after.includes(id));
      if (removed.length > 0 && thread.created_by !== userId) throw Boom.forbidden('Only the person who started the thread can remove others from it');
      await this.contacts.admit(userId, added, thread.vessel_id, true);
      await this.db.transaction(async (trx) => {
        await repo.addMembers(trx, thread.id, added, this.at());
        await repo.removeMembers(trx, thread.id, removed);
      });
    }
    if (input.name !== undefined) await repo.updateThread(this.db, thread.id, { name: input.name?.trim() || null });
    if (input.muted !== undefined) await repo.setMuted(this.db, thread.id, userId, input.muted);
    this.live.publish(new Set([...before, ...after]), 'threads', { threadId: thread.id });
    return this.thread(userId, thread.id);
  }

  async remove(userId: number, threadId: number): Promise<void> {
    const thread = await this.memberThread(userId, threadId);
    if (thread.created_by !== userId) throw Boom.forbidden('Only the person who started the thread can delete it');
    const memberIds = await this.memberIdsOf(thread.id);
    await this.dropThread(thread.id);
    this.announceUnread(memberIds, threadId);
  }

  /** The caller leaves; the last one to leave takes the thread with them. */
  async leave(userId: number, threadId: number): Promise<void> {
    const thread = await this.memberThread(userId, threadId);
    await repo.removeMembers(this.db, thread.id, [userId]);
    const rest = await this.memberIdsOf(thread.id);
    if (rest.length === 0) await this.dropThread(thread.id);
    this.announceUnread([userId], threadId);
    this.live.publish(rest, 'threads', { threadId });
  }

  async messages(userId: number, threadId: number, beforeId: number | null, size: number): Promise<MessagesPage> {
    await this.memberThread(userId, threadId);
    const rows = await repo.messagesOf(this.db, threadId, beforeId, size + 1);
    const content = await this.messageViews(rows.slice(0, size).reverse());
    return { content, hasMore: rows.length > size };
  }

  async post(userId: number, input: { threadId: number; text: string; files: Upload[] }): Promise<Message> {
    const thread = await this.memberThread(userId, input.threadId);
    const text = input.text.trim();
    if (!text && input.files.length === 0) throw Boom.badRequest('text must not be empty when there is no attachment');
    if (input.files.length > ATTACHMENT_MAX_FILES) throw Boom.badRequest(`attachments: at most ${ATTACHMENT_MAX_FILES} files a message`);
    const tooBig = input.files.find((f) => f.data.length > ATTACHMENT_MAX_BYTES);
    if (tooBig) throw Boom.entityTooLarge(`${tooBig.filename} is larger than ${ATTACHMENT_MAX_BYTES / 1024 / 1024} MB`);
    if (input.files.reduce((n, f) => n + f.data.length, 0) > MESSAGE_MAX_BYTES)
      throw Boom.entityTooLarge(`The attachments of one message may not exceed ${MESSAGE_MAX_BYTES / 1024 / 1024} MB in all`);
    const checked = input.files.map((f) => {
      if (f.data.length === 0) throw Boom.badRequest(`attachments: ${f.filename} is empty`);
      return { ...f, mime: detectDocument(f.data), name: (f.filename || 'attachment').replace(/[\\/\r\n"]/g, '_').slice(0, 200) };
    });
    const stored = await Promise.all(
      checked.map(async (f) => ({ ...f, file: await storeFile(this.db, { data: f.data, mime: f.mime, name: f.name, ownerUserId: userId }) })),
    );
    const at = this.at();
    const id = await this.db.transaction(async (trx) => {
      const messageId = await repo.insertMessage(trx, { threadId: thread.id, senderId: userId, text, at });
      await repo.insertAttachments(
        trx,
        messageId,
        stored.map((f) => ({ fileId: f.file.id, name: f.name, mime: f.mime, size: f.data.length })),
      );
      await repo.markRead(trx, thread.id, userId, messageId);
      return messageId;
    });
    const [message] = await this.messageViews([(await repo.findMessage(this.db, id))!]);
    const memberIds = await this.readersOf(thread);
    this.live.publish(memberIds, 'message', { threadId: thread.id, message });
    this.live.publish(memberIds, 'read', { threadId: thread.id, userId, lastReadMessageId: id });
    this.announceUnread(
      memberIds.filter((m) => m !== userId),
      thread.id,
    );
    return message;
  }

  async deleteMessage(userId: number, messageId: number): Promise<void> {
    const message = await repo.findMessage(this.db, messageId);
    if (!message || !(await this.reads(userId, message.thread_id))) throw messageMissing();
    if (message.sender_id !== userId) throw Boom.forbidden('You can delete only your own messages');
    const files = await repo.attachmentsOf(this.db, [message.id]);
    await repo.deleteMessage(this.db, message.id);
    for (const f of files) await deleteFile(this.db, f.file_id);
    const memberIds = await this.memberIdsOf(message.thread_id);
    this.live.publish(memberIds, 'messageDeleted', { threadId: message.thread_id, messageId });
    this.announceUnread(memberIds, message.thread_id);
  }

  async attachment(userId: number, attachmentId: number): Promise<{ data: Buffer; mime: string; name: string }> {
    const row = await repo.findAttachment(this.db, attachmentId);
    const file = row && (await this.reads(userId, row.thread_id)) ? await readFile(this.db, row.file_id) : null;
    if (!row || !file) throw Boom.notFound('Attachment not found');
    return { data: file.data, mime: file.mime, name: row.name };
  }

  /** Marks the thread read up to its newest message; the other members see the receipt. */
  async ping(userId: number, threadId: number): Promise<{ unreadCount: number }> {
    await this.memberThread(userId, threadId);
    const newest = await repo.newestMessageId(this.db, threadId);
    if (newest > 0 && (await repo.markRead(this.db, threadId, userId, newest)) > 0) {
      const memberIds = await this.memberIdsOf(threadId);
      this.live.publish(memberIds, 'read', { threadId, userId, lastReadMessageId: newest });
      this.announceUnread([userId], threadId);
    }
    return { unreadCount: await this.unreadCount(userId) };
  }

  async search(userId: number, request: PageRequest<{ text: string }>): Promise<Page<MessageSearchHit>> {
    const page = await repo.searchMessages(this.db, userId, request, await this.hiddenThreadIds(userId));
    const threads = new Map((await repo.threadsByIds(this.db, [...new Set(page.content.map((m) => m.thread_id))])).map((t) => [t.id, t]));
    const views = await this.messageViews(page.content);
    return { totalElements: page.totalElements, content: views.map((message) => ({ message, threadName: threads.get(message.threadId)?.name ?? null })) };
  }

  /** The threads about a vessel, for its members with userManager VIEW: that they exist and who is in them. */
  async vesselThreads(userId: number, vesselId: number): Promise<VesselThread[]> {
    const rows = await repo.threadsOfVessel(this.db, vesselId);
    const members = await repo.membersOf(
      this.db,
      rows.map((t) => t.id),
    );
    const users = await this.auth.usersByIds(members.map((m) => m.user_id));
    const waiting = await this.invitationsOn([vesselId]);
    return rows.map((t) => {
      const ids = members.filter((m) => m.thread_id === t.id).map((m) => m.user_id);
      return {
        id: t.id,
        name: t.name,
        users: ids.map((id) => this.memberName(users, waiting, vesselId, id)),
        isMember: ids.includes(userId),
        createdAt: t.created_at,
        lastActivityAt: t.last_activity_at,
      };
    });
  }

  private async memberThread(userId: number, threadId: number): Promise<repo.ThreadRow> {
    const thread = await repo.findThread(this.db, threadId);
    if (!thread || !(await repo.membership(this.db, threadId, userId)) || !(await this.reaches(userId, thread))) throw threadMissing();
    return thread;
  }

  /** Whether the user is in the thread and may read it now. */
  private async reads(userId: number, threadId: number): Promise<boolean> {
    const thread = await repo.findThread(this.db, threadId);
    return thread !== undefined && (await repo.membership(this.db, threadId, userId)) !== undefined && (await this.reaches(userId, thread));
  }

  /** A thread about a vessel is for those who can reach the vessel now; any other thread, for its members. */
  private async reaches(userId: number, thread: repo.ThreadRow): Promise<boolean> {
    if (thread.vessel_id === null) return true;
    const access = await this.access.accessOf(userId, thread.vessel_id);
    return access !== null && !access.paused;
  }

  private async threadsWithReach(userId: number): Promise<Array<{ row: repo.ThreadRow; readable: boolean }>> {
    const rows = await repo.threadsByIds(this.db, await repo.threadIdsOf(this.db, userId));
    return Promise.all(rows.map(async (row) => ({ row, readable: await this.reaches(userId, row) })));
  }

  /** The user's threads they may not read now (about a vessel they no longer reach). */
  private async hiddenThreadIds(userId: number): Promise<number[]> {
    return (await this.threadsWithReach(userId)).filter((t) => !t.readable).map((t) => t.row.id);
  }

  /** The members who may read the thread now: those its live events go to. */
  private async readersOf(thread: repo.ThreadRow): Promise<number[]> {
    const members = await this.memberIdsOf(thread.id);
    const reach = await Promise.all(members.map((id) => this.reaches(id, thread)));
    return members.filter((_, i) => reach[i]);
  }

  private async memberIdsOf(threadId: number): Promise<number[]> {
    return (await repo.membersOf(this.db, [threadId])).map((m) => m.user_id);
  }

  private async dropThread(threadId: number): Promise<void> {
    const fileIds = await repo.fileIdsOfThread(this.db, threadId);
    await repo.deleteThread(this.db, threadId);
    for (const id of fileIds) await deleteFile(this.db, id);
  }

  /** Tells these users their thread list and unread count changed. */
  private announceUnread(userIds: number[], threadId: number): void {
    this.live.publish(userIds, 'threads', { threadId });
    for (const id of userIds) void this.unreadCount(id).then((unreadCount) => this.live.publish([id], 'unread', { unreadCount }));
  }

  private async thread(userId: number, id: number): Promise<Thread> {
    const [view] = await this.views(userId, [(await repo.findThread(this.db, id))!]);
    return view;
  }

  private async views(userId: number, rows: repo.ThreadRow[]): Promise<Thread[]> {
    const ids = rows.map((t) => t.id);
    const [members, unread, lastRows] = await Promise.all([
      repo.membersOf(this.db, ids),
      repo.unreadCounts(this.db, userId, ids),
      repo.lastMessagesOf(this.db, ids),
    ]);
    const users = await this.auth.usersByIds(members.map((m) => m.user_id));
    const last = new Map((await this.messageViews(lastRows)).map((m) => [m.threadId, m]));
    const vesselIds = [...new Set(rows.flatMap((t) => (t.vessel_id !== null ? [t.vessel_id] : [])))];
    const vesselNames = vesselIds.length ? await this.access.vesselNames(vesselIds) : new Map<number, string>();
    const waiting = await this.invitationsOn(vesselIds);
    return rows.map((t) => {
      const own = members.filter((m) => m.thread_id === t.id);
      return {
        id: t.id,
        name: t.name,
        createdBy: t.created_by,
        vesselId: t.vessel_id,
        vesselName: t.vessel_id !== null ? (vesselNames.get(t.vessel_id) ?? null) : null,
        users: own.map((m) => ({
          ...this.memberName(users, waiting, t.vessel_id, m.user_id),
          lastReadMessageId: m.last_read_message_id,
        })),
        muted: Boolean(own.find((m) => m.user_id === userId)?.muted),
        unreadCount: unread.get(t.id) ?? 0,
        lastMessage: last.get(t.id) ?? null,
        createdAt: t.created_at,
        lastActivityAt: t.last_activity_at,
      };
    });
  }

  /** `vesselId:userId` → the inviter's name for each person invited to these vessels who has not accepted. */
  private async invitationsOn(vesselIds: number[]): Promise<Map<string, string | null>> {
    const out = new Map<string, string | null>();
    for (const vesselId of vesselIds)
      for (const g of await grantsOn(this.db, vesselId)) if (g.status === 'pending' && g.userId !== null) out.set(`${vesselId}:${g.userId}`, g.invitedName);
    return out;
  }

  /** A member as the others see them: someone invited and not accepted by the inviter's name, never their account's. */
  private memberName(
    users: Map<number, { firstName: string; lastName: string }>,
    waiting: Map<string, string | null>,
    vesselId: number | null,
    userId: number,
  ): { userId: number; firstName: string; lastName: string; invited: boolean } {
    const key = `${vesselId}:${userId}`;
    if (vesselId !== null && waiting.has(key)) return { userId, firstName: waiting.get(key) ?? '', lastName: '', invited: true };
    return { userId, firstName: users.get(userId)?.firstName ?? '', lastName: users.get(userId)?.lastName ?? '', invited: false };
  }

  private async messageViews(rows: repo.MessageRow[]): Promise<Message[]> {
    const files = await repo.attachmentsOf(
      this.db,
      rows.map((m) => m.id),
    );
    return rows.map((m) => ({
      id: m.id,
      threadId: m.thread_id,
      senderId: m.sender_id,
      text: m.text,
      createdAt: m.created_at,
      attachments: files.filter((f) => f.message_id === m.id).map(attachmentView),
    }));
  }
}
