/**
 * The user's live stream (`GET messages/live`, contracts/messaging.ts): one per browser, shared by
 * its tabs (the web app elects one tab to hold it), carrying new messages, read receipts, unread
 * counts and thread changes of every thread the user is in. Every 15 s a keepalive goes out and
 * the session is checked again; the stream ends when the session is gone, when the user is
 * suspended, and when the server stops.
 */
import Boom from '@hapi/boom';
import type { Request } from '@hapi/hapi';
import type { MessagingEventMap, MessagingEventName } from '../../../contracts/messaging.js';
import type { AppContext } from '../../platform/context.js';
import { EventStream } from '../../platform/event-stream.js';

const KEEPALIVE_MS = 15_000;

/** Streams one user may hold open: one per browser, a few browsers and devices at once. */
export const MAX_USER_STREAMS = 10;

/** The user whose session the request still carries, or null once it is revoked. */
export type SessionCheck = (request: Request) => Promise<number | null>;

interface OpenStream {
  send<K extends MessagingEventName>(event: K, data: MessagingEventMap[K]): void;
  close(): void;
}

export class UserStreams {
  keepaliveMs = KEEPALIVE_MS;
  private readonly byUser = new Map<number, Set<OpenStream>>();
  private readonly unsubscribe: () => void;

  constructor(
    private readonly ctx: AppContext,
    private readonly sessionUser: SessionCheck,
  ) {
    // A suspension on any node of a cluster closes the user's streams on this one.
    this.unsubscribe = ctx.events.on(
      'user.suspended',
      ({ userId }) => {
        for (const s of [...(this.byUser.get(userId) ?? [])]) s.close();
      },
      { cluster: true },
    );
  }

  /** Whether the user has a stream open (a browser that will show the message at once). */
  isOnline(userId: number): boolean {
    return (this.byUser.get(userId)?.size ?? 0) > 0;
  }

  publish<K extends MessagingEventName>(userIds: Iterable<number>, event: K, data: MessagingEventMap[K] | ((userId: number) => MessagingEventMap[K])): void {
    for (const userId of userIds)
      for (const s of this.byUser.get(userId) ?? []) s.send(event, typeof data === 'function' ? (data as (id: number) => MessagingEventMap[K])(userId) : data);
  }

  open(request: Request, userId: number, hello: MessagingEventMap['hello']): EventStream {
    const streams = this.byUser.get(userId) ?? new Set<OpenStream>();
    if (streams.size >= MAX_USER_STREAMS) throw Boom.tooManyRequests(`At most ${MAX_USER_STREAMS} message streams may be open at once`);
    this.byUser.set(userId, streams);
    const out = new EventStream();
    let closed = false;
    const timer = setInterval(() => {
      out.send(': keepalive\n\n');
      void this.sessionUser(request).then(
        (current) => current !== userId && open.close(),
        (err) => this.ctx.log.warn('message stream check failed', { error: err }),
      );
    }, this.keepaliveMs);
    const open: OpenStream = {
      send: (event, data) => {
        if (!closed) out.send(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
      },
      close: () => {
        if (closed) return;
        closed = true;
        clearInterval(timer);
        streams.delete(open);
        if (streams.size === 0) this.byUser.delete(userId);
        out.end();
      },
    };
    streams.add(open);
    request.raw.res.once('close', open.close);
    out.once('close', open.close);
    out.send('retry: 3000\n\n');
    open.send('hello', hello);
    return out;
  }

  stop(): void {
    for (const streams of [...this.byUser.values()]) for (const s of [...streams]) s.close();
    this.unsubscribe();
  }
}
