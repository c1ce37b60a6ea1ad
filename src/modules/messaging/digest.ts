/**
 * Unread messages reach people away from the app as an e-mail digest, the alerts module's
 * e-mail channel at its lowest priority (so a user's minimum priority and quiet hours apply):
 * a sweep every few minutes mails each user once about the messages of unmuted threads they have
 * not read within DIGEST_DELAY_MS, at most once per DIGEST_INTERVAL_MS, never the same message
 * twice. Muted threads never notify. A thread about a vessel the user cannot reach is left out,
 * unless they are invited to the vessel and have not accepted yet: then the mail says the thread
 * waits for them to accept (docs/decisions.md, "Messaging someone invited").
 */
import type { AppContext } from '../../platform/context.js';
import { wantLowestPriority } from '../notifications/api.js';
import type { AccessApi } from '../access/api.js';
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
    private readonly access: AccessApi,
    private readonly clock: Clock,
  ) {}

  /** Mails every user who is due a digest; answers how many were sent. */
  async sweep(): Promise<number> {
    const { db } = this.ctx;
    const now = this.clock();
    const candidates = await repo.usersWithUnreadBefore(db, new Date(now - DIGEST_DELAY_MS).toISOString());
    // A pending account is someone invited who has not chosen a password yet: a thread may wait for them.
    const users = [...(await this.auth.usersByIds(candidates)).values()].filter((u) => u.status === 'active' || u.status === 'pending');
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
      const fresh = (await repo.unreadUnmutedAfter(db, user.id, state.lastMailedMessageId)).filter((m) => Date.parse(m.created_at) < now - DIGEST_DELAY_MS);
      const reach = await this.reach(user, [...new Set(fresh.flatMap((m) => (m.vessel_id !== null ? [m.vessel_id] : [])))]);
      // The vessel's name when the thread waits for the user to accept its invitation, '' when they read it, null when neither.
      const waitsFor = (m: { vessel_id: number | null }) => (m.vessel_id === null ? '' : (reach.get(m.vessel_id) ?? null));
      const unread = fresh.filter((m) => waitsFor(m) !== null);
      if (unread.length === 0) continue;
      const byThread = new Map<string, { n: number; waitsFor: string | null }>();
      for (const m of unread) {
        const vessel = waitsFor(m) || null;
        const key = `${m.thread_name ?? 'A conversation'}${vessel ? ` (about ${vessel})` : ''}`;
        byThread.set(key, { n: (byThread.get(key)?.n ?? 0) + 1, waitsFor: vessel });
      }
      const lines = [...byThread].map(
        ([name, { n, waitsFor }]) => `- ${name}: ${n} new message${n === 1 ? '' : 's'}${waitsFor ? `, waiting for you to accept the invitation` : ''}`,
      );
      const waiting = [...new Set([...byThread.values()].flatMap((t) => (t.waitsFor ? [t.waitsFor] : [])))];
      const accept = waiting.length
        ? `\n\nYou are invited to ${waiting.join(', ')}: accept the invitation at ${this.ctx.config.publicUrl}/dashboard to read the messages about it.` +
          (user.status === 'pending' ? ' First choose your password with the link in the invitation e-mail.' : '')
        : '';
      await this.ctx.mail.send({
        to: user.email,
        subject: `Vessel Link: ${unread.length} unread message${unread.length === 1 ? '' : 's'}`,
        text: `You have unread messages:\n\n${lines.join('\n')}${accept}\n\nRead and answer them at ${this.ctx.config.publicUrl}/dashboard/messages. Mute a thread to stop these e-mails about it.`,
      });
      await repo.recordDigest(db, user.id, unread[unread.length - 1].id, new Date(now).toISOString());
      sent++;
    }
    return sent;
  }

  /** Per vessel: '' when the user reaches it, its name when they are invited and have not accepted, null otherwise. */
  private async reach(user: { id: number; email: string }, vesselIds: number[]): Promise<Map<number, string | null>> {
    const out = new Map<number, string | null>();
    if (vesselIds.length === 0) return out;
    const pending = new Set((await this.access.grants.pendingFor(user)).map((g) => g.vesselId));
    const names = await this.access.vesselNames(vesselIds);
    for (const vesselId of vesselIds) {
      const access = await this.access.accessOf(user.id, vesselId);
      out.set(vesselId, access && !access.paused ? '' : pending.has(vesselId) ? (names.get(vesselId) ?? 'a vessel') : null);
    }
    return out;
  }
}
