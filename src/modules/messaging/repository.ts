/**
 * `message_threads`, `message_thread_members`, `messages`, `message_attachments` and
 * `message_digests`: only this file touches them. Rows have typed interfaces; the service maps
 * them to the API shapes of contracts/messaging.ts.
 */
import type { Db } from '../../db/knex.js';
import { insertId } from '../../db/knex.js';
import type { Page, PageRequest } from '../../platform/pagination.js';

export interface ThreadRow {
  id: number;
  name: string | null;
  created_by: number | null;
  vessel_id: number | null;
  created_at: string;
  last_activity_at: string;
}

export interface MemberRow {
  thread_id: number;
  user_id: number;
  muted: boolean | number;
  last_read_message_id: number;
  joined_at: string;
}

export interface MessageRow {
  id: number;
  thread_id: number;
  sender_id: number | null;
  text: string;
  created_at: string;
}

export interface AttachmentRow {
  id: number;
  message_id: number;
  file_id: string;
  name: string;
  mime: string;
  size: number;
}

const threads = (db: Db) => db<ThreadRow>('message_threads');
const members = (db: Db) => db<MemberRow>('message_thread_members');
const messages = (db: Db) => db<MessageRow>('messages');
const attachments = (db: Db) => db<AttachmentRow>('message_attachments');

export async function insertThread(
  db: Db,
  row: { name: string | null; createdBy: number; vesselId: number | null; userIds: number[]; at: string },
): Promise<number> {
  const id = await insertId(db, 'message_threads', {
    name: row.name,
    created_by: row.createdBy,
    vessel_id: row.vesselId,
    created_at: row.at,
    last_activity_at: row.at,
  });
  await addMembers(db, id, row.userIds, row.at);
  return id;
}

export async function addMembers(db: Db, threadId: number, userIds: number[], at: string): Promise<void> {
  if (userIds.length > 0)
    await members(db).insert(userIds.map((userId) => ({ thread_id: threadId, user_id: userId, muted: false, last_read_message_id: 0, joined_at: at })));
}

export const removeMembers = (db: Db, threadId: number, userIds: number[]): Promise<number> =>
  members(db).where({ thread_id: threadId }).whereIn('user_id', userIds).delete();

export const findThread = (db: Db, id: number): Promise<ThreadRow | undefined> => threads(db).where({ id }).first();

export const threadsByIds = (db: Db, ids: number[]): Promise<ThreadRow[]> => threads(db).whereIn('id', ids);

export const updateThread = (db: Db, id: number, patch: Partial<Pick<ThreadRow, 'name' | 'last_activity_at'>>): Promise<number> =>
  threads(db).where({ id }).update(patch);

export const deleteThread = (db: Db, id: number): Promise<number> => threads(db).where({ id }).delete();

export const threadsOfVessel = (db: Db, vesselId: number): Promise<ThreadRow[]> =>
  threads(db).where({ vessel_id: vesselId }).orderBy('last_activity_at', 'desc');

export const membership = (db: Db, threadId: number, userId: number): Promise<MemberRow | undefined> =>
  members(db).where({ thread_id: threadId, user_id: userId }).first();

export const membersOf = (db: Db, threadIds: number[]): Promise<MemberRow[]> =>
  members(db).whereIn('thread_id', threadIds).orderBy('joined_at').orderBy('user_id');

export const threadIdsOf = async (db: Db, userId: number): Promise<number[]> =>
  (await members(db).where({ user_id: userId }).select('thread_id')).map((r) => r.thread_id);

export const setMuted = (db: Db, threadId: number, userId: number, muted: boolean): Promise<number> =>
  members(db).where({ thread_id: threadId, user_id: userId }).update({ muted });

export const markRead = (db: Db, threadId: number, userId: number, messageId: number): Promise<number> =>
  members(db).where({ thread_id: threadId, user_id: userId }).where('last_read_message_id', '<', messageId).update({ last_read_message_id: messageId });

export async function insertMessage(db: Db, row: { threadId: number; senderId: number; text: string; at: string }): Promise<number> {
  const id = await insertId(db, 'messages', { thread_id: row.threadId, sender_id: row.senderId, text: row.text, created_at: row.at });
  await updateThread(db, row.threadId, { last_activity_at: row.at });
  return id;
}

export async function insertAttachments(db: Db, messageId: number, files: Array<{ fileId: string; name: string; mime: string; size: number }>): Promise<void> {
  if (files.length > 0)
    await attachments(db).insert(files.map((f) => ({ message_id: messageId, file_id: f.fileId, name: f.name, mime: f.mime, size: f.size })));
}

export const findMessage = (db: Db, id: number): Promise<MessageRow | undefined> => messages(db).where({ id }).first();

export const deleteMessage = (db: Db, id: number): Promise<number> => messages(db).where({ id }).delete();

/** Up to `size` messages of a thread before `beforeId` (all when null), newest first. */
export const messagesOf = (db: Db, threadId: number, beforeId: number | null, size: number): Promise<MessageRow[]> =>
  messages(db)
    .where({ thread_id: threadId })
    .modify((q) => {
      if (beforeId !== null) q.where('id', '<', beforeId);
    })
    .orderBy('id', 'desc')
    .limit(size);

/** The newest message of each thread. */
export async function lastMessagesOf(db: Db, threadIds: number[]): Promise<MessageRow[]> {
  if (threadIds.length === 0) return [];
  const newest = messages(db).whereIn('thread_id', threadIds).groupBy('thread_id').max({ id: 'id' });
  return messages(db).whereIn('id', newest);
}

export const newestMessageId = async (db: Db, threadId: number): Promise<number> =>
  Number((await messages(db).where({ thread_id: threadId }).max({ id: 'id' }).first())?.id ?? 0);

export const attachmentsOf = (db: Db, messageIds: number[]): Promise<AttachmentRow[]> => attachments(db).whereIn('message_id', messageIds).orderBy('id');

export const findAttachment = (db: Db, id: number): Promise<(AttachmentRow & { thread_id: number }) | undefined> =>
  attachments(db)
    .join('messages', 'messages.id', 'message_attachments.message_id')
    .where('message_attachments.id', id)
    .first('message_attachments.*', 'messages.thread_id');

export const fileIdsOfThread = async (db: Db, threadId: number): Promise<string[]> =>
  (
    await attachments(db)
      .join('messages', 'messages.id', 'message_attachments.message_id')
      .where('messages.thread_id', threadId)
      .select('message_attachments.file_id')
  ).map((r) => r.file_id);

/** Unread messages per thread of the user: others' messages after the last one they read. */
export async function unreadCounts(db: Db, userId: number, threadIds?: number[]): Promise<Map<number, number>> {
  const rows: Array<{ thread_id: number; n: number | string }> = await messages(db)
    .join('message_thread_members as m', function () {
      this.on('m.thread_id', '=', 'messages.thread_id').andOn('messages.id', '>', 'm.last_read_message_id');
    })
    .where('m.user_id', userId)
    .where((q) => q.whereNull('messages.sender_id').orWhereNot('messages.sender_id', userId))
    .modify((q) => {
      if (threadIds) q.whereIn('messages.thread_id', threadIds);
    })
    .groupBy('messages.thread_id')
    .select('messages.thread_id')
    .count({ n: '*' });
  return new Map(rows.map((r) => [Number(r.thread_id), Number(r.n)]));
}

/** The user's messages whose text or an attachment's name contains `text`, newest first. */
/** Messages of the user's threads matching the text, newest first; `hiddenThreadIds` are left out (threads they may not read now). */
export async function searchMessages(
  db: Db,
  userId: number,
  request: PageRequest<{ text: string }>,
  hiddenThreadIds: number[] = [],
): Promise<Page<MessageRow>> {
  const pattern = `%${request.filter.text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const query = messages(db)
    .join('message_thread_members as m', 'm.thread_id', 'messages.thread_id')
    .where('m.user_id', userId)
    .whereNotIn('messages.thread_id', hiddenThreadIds)
    .where((q) =>
      q
        .whereRaw("lower(messages.text) like ? escape '\\'", [pattern])
        .orWhereExists(
          attachments(db).whereRaw('message_attachments.message_id = messages.id').whereRaw("lower(message_attachments.name) like ? escape '\\'", [pattern]),
        ),
    );
  const count = await query.clone().count({ n: '*' }).first();
  const rows = await query
    .select('messages.*')
    .orderBy('messages.id', 'desc')
    .limit(request.size)
    .offset(request.page * request.size);
  return { totalElements: Number(count?.n ?? 0), content: rows };
}

/** Members who may get an e-mail digest: not muted, with unread messages newer than their last digest. */
export async function digestState(db: Db, userId: number): Promise<{ lastMailedMessageId: number; lastMailedAt: string | null }> {
  const row = await db('message_digests').where({ user_id: userId }).first();
  return { lastMailedMessageId: Number(row?.last_mailed_message_id ?? 0), lastMailedAt: row?.last_mailed_at ?? null };
}

export async function recordDigest(db: Db, userId: number, messageId: number, at: string): Promise<void> {
  await db('message_digests').insert({ user_id: userId, last_mailed_message_id: messageId, last_mailed_at: at }).onConflict('user_id').merge();
}

/** Unread messages of unmuted threads newer than `afterId`, oldest first. */
export const unreadUnmutedAfter = (
  db: Db,
  userId: number,
  afterId: number,
): Promise<Array<MessageRow & { thread_name: string | null; vessel_id: number | null }>> =>
  messages(db)
    .join('message_thread_members as m', function () {
      this.on('m.thread_id', '=', 'messages.thread_id').andOn('messages.id', '>', 'm.last_read_message_id');
    })
    .join('message_threads as t', 't.id', 'messages.thread_id')
    .where('m.user_id', userId)
    .where('m.muted', false)
    .where('messages.id', '>', afterId)
    .where((q) => q.whereNull('messages.sender_id').orWhereNot('messages.sender_id', userId))
    .orderBy('messages.id')
    .select('messages.*', 't.name as thread_name', 't.vessel_id as vessel_id');

/** Users with unread messages in threads they have not muted, sent before `beforeIso`. */
export const usersWithUnreadBefore = async (db: Db, beforeIso: string): Promise<number[]> =>
  (
    await messages(db)
      .join('message_thread_members as m', function () {
        this.on('m.thread_id', '=', 'messages.thread_id').andOn('messages.id', '>', 'm.last_read_message_id');
      })
      .where('m.muted', false)
      .where('messages.created_at', '<', beforeIso)
      .where((q) => q.whereNull('messages.sender_id').orWhereRaw('messages.sender_id <> m.user_id'))
      .distinct('m.user_id')
  ).map((r: { user_id: number }) => r.user_id);
