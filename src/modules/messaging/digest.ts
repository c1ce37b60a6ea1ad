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
import { readerOf, translator } from '../../platform/i18n.js';
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
      // In the user's language (a pending account keeps the one it was invited in).
      const t = translator(readerOf(user).language, 'messaging');
      const byThread = new Map<string, { n: number; waitsFor: string | null }>();
      for (const m of unread) {
        const vessel = waitsFor(m) || null;
        const thread = m.thread_name ?? t('digest.aConversation');
        const key = vessel ? t('digest.about', { thread, vessel }) : thread;
        byThread.set(key, { n: (byThread.get(key)?.n ?? 0) + 1, waitsFor: vessel });
      }
      const lines = [...byThread].map(([thread, { n, waitsFor }]) => `${t('digest.line', { thread, count: n })}${waitsFor ? t('digest.waiting') : ''}`);
      const waiting = [...new Set([...byThread.values()].flatMap((w) => (w.waitsFor ? [w.waitsFor] : [])))];
      const invited = waiting.length
        ? `\n\n${t('digest.invited', { vessels: waiting.join(', '), link: `${this.ctx.config.publicUrl}/dashboard` })}` +
          (user.status === 'pending' ? ` ${t('digest.choosePassword')}` : '')
        : '';
      await this.ctx.mail.send({
        to: user.email,
        subject: t('digest.subject', { count: unread.length }),
        text: t('digest.text', { lines: lines.join('\n'), invited, link: `${this.ctx.config.publicUrl}/dashboard/messages` }),
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
