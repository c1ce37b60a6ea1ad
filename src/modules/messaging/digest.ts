/**
 * Unread messages reach people away from the app as an e-mail digest, the alerts module's
 * e-mail channel at its lowest priority (so a user's minimum priority and quiet hours apply):
 * a sweep every few minutes mails each user once about the messages of unmuted threads they have
 * not read within DIGEST_DELAY_MS, at most once per DIGEST_INTERVAL_MS, never the same message
 * twice. Muted threads never notify.
 */
import type { AppContext } from '../../platform/context.js';
import { wantLowestPriority } from '../notifications/api.js';
import type { AuthApi } from '../auth/api.js';
import * as repo from './repository.js';
import type { Clock } from './service.js';

/** A message read within this time (in the app, live) is never mailed. */
export const DIGEST_DELAY_MS = 10 * 60_000;
/** At most one digest per user in this time. */
export const DIGEST_INTERVAL_MS = 60 * 60_000;
export const DIGEST_SWEEP_MS = 5 * 60_000;

export class MessageDigest {
  constructor(
    private readonly ctx: AppContext,
    private readonly auth: AuthApi,
    private readonly clock: Clock,
  ) {}

  /** Mails every user who is due a digest; answers how many were sent. */
  async sweep(): Promise<number> {
    const { db } = this.ctx;
    const now = this.clock();
    const candidates = await repo.usersWithUnreadBefore(db, new Date(now - DIGEST_DELAY_MS).toISOString());
    const users = [...(await this.auth.usersByIds(candidates)).values()].filter((u) => u.status === 'active');
    const wanting = await wantLowestPriority(
      db,
      users.map((u) => ({ id: u.id, timeZone: u.preferences.timeZone })),
      'email',
      now,
    );
    let sent = 0;
    for (const user of users.filter((u) => wanting.has(u.id))) {
      const state = await repo.digestState(db, user.id);
      if (state.lastMailedAt && Date.parse(state.lastMailedAt) > now - DIGEST_INTERVAL_MS) continue;
      const unread = (await repo.unreadUnmutedAfter(db, user.id, state.lastMailedMessageId)).filter((m) => Date.parse(m.created_at) < now - DIGEST_DELAY_MS);
      if (unread.length === 0) continue;
      const byThread = new Map<string, number>();
      for (const m of unread) byThread.set(m.thread_name ?? 'A conversation', (byThread.get(m.thread_name ?? 'A conversation') ?? 0) + 1);
      const lines = [...byThread].map(([name, n]) => `- ${name}: ${n} new message${n === 1 ? '' : 's'}`);
      await this.ctx.mail.send({
        to: user.email,
        subject: `Vessel Link: ${unread.length} unread message${unread.length === 1 ? '' : 's'}`,
        text: `You have unread messages:\n\n${lines.join('\n')}\n\nRead and answer them at ${this.ctx.config.publicUrl}/dashboard/messages. Mute a thread to stop these e-mails about it.`,
      });
      await repo.recordDigest(db, user.id, unread[unread.length - 1].id, new Date(now).toISOString());
      sent++;
    }
    return sent;
  }
}
