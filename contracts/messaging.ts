/**
 * Messaging shapes shared by the server, the web app and the tests (docs/api.md, "Messages"):
 * threads between people (optionally about a vessel), their messages and attachments, and the
 * events of the user's live stream.
 */

/** Someone the user may message. */
export interface MessageContact {
  userId: number;
  firstName: string;
  lastName: string;
  email: string;
  /** Why they are a contact: a vessel both work on, a company relationship, the same company. */
  via: string[];
  /** The caller's vessels this person works on (owner, member or company staff). */
  vesselIds: number[];
  /** The kind of company they work for, when they came through one (a dealer looking after a vessel). */
  companyKind: 'dealer' | 'manufacturer' | 'contractor' | null;
  /**
   * The caller's vessels this person is invited to and has not accepted yet. Someone only invited
   * is named as the inviter named them (`firstName`, or empty), and a thread with them is about one
   * of these vessels: it reaches them once they accept.
   */
  invitedTo: Array<{ vesselId: number; vesselName: string }>;
  /** A contact only through an invitation they have not accepted (nothing else links them to the caller). */
  pending: boolean;
}

/** People the user may message at once: the crew of one of their vessels, or their company's staff. */
export interface MessageGroup {
  id: string;
  kind: 'vessel' | 'company';
  name: string;
  userIds: number[];
}

export interface ThreadUser {
  userId: number;
  firstName: string;
  lastName: string;
  /** Invited to the thread's vessel and not accepted yet: named as the inviter named them; they see the thread once they accept. */
  invited: boolean;
  /** The newest message of the thread this member has read (0: none). */
  lastReadMessageId: number;
}

export interface Attachment {
  id: number;
  name: string;
  mime: string;
  size: number;
  url: string;
}

export interface Message {
  id: number;
  threadId: number;
  senderId: number | null;
  text: string;
  createdAt: string;
  attachments: Attachment[];
}

export interface Thread {
  id: number;
  name: string | null;
  createdBy: number | null;
  vesselId: number | null;
  vesselName: string | null;
  users: ThreadUser[];
  muted: boolean;
  unreadCount: number;
  lastMessage: Message | null;
  createdAt: string;
  lastActivityAt: string;
}

/** A thread about a vessel as its members with userManager VIEW see it: that it exists and who is in it. */
export interface VesselThread {
  id: number;
  name: string | null;
  users: Array<{ userId: number; firstName: string; lastName: string; invited: boolean }>;
  isMember: boolean;
  createdAt: string;
  lastActivityAt: string;
}

export interface MessagesPage {
  content: Message[];
  /** Older messages exist before the first one of `content`. */
  hasMore: boolean;
}

export interface MessageSearchHit {
  message: Message;
  threadName: string | null;
}

/** The user-level live stream (`GET messages/live`): what changed in the user's threads. */
export interface MessagingEventMap {
  hello: { unreadCount: number };
  message: { threadId: number; message: Message };
  messageDeleted: { threadId: number; messageId: number };
  read: { threadId: number; userId: number; lastReadMessageId: number };
  unread: { unreadCount: number };
  /** A thread was created, renamed, re-membered or deleted: reload the list. */
  threads: { threadId: number };
  /** A service request the user asked for, or that waits on their company, was made or marked done (contracts/service-requests.ts): reload the lists. */
  serviceRequest: { requestId: number; vesselId: number; state: 'open' | 'done' };
}

export type MessagingEventName = keyof MessagingEventMap;

export const MESSAGING_EVENTS: readonly MessagingEventName[] = ['hello', 'message', 'messageDeleted', 'read', 'unread', 'threads', 'serviceRequest'];

/** Attachment limits: each file and all files of one message. */
export const ATTACHMENT_MAX_FILES = 10;
export const ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;
export const MESSAGE_MAX_BYTES = 25 * 1024 * 1024;
export const MESSAGE_TEXT_MAX = 5000;
