/**
 * Alarm delivery (docs/architecture.md, "Alarm delivery"): when an alarm is raised, rises in
 * priority, sounds again after a silence or comes back from the shelf without anyone having
 * acknowledged it, the people it concerns are told through every registered channel. Who: with
 * no escalation ladder, the owner and every member receiving notifications; with one, the
 * people its steps have reached so far (escalation.ts walks the steps). Always without who
 * muted the vessel, and each channel only at or above the recipient's minimum priority for it
 * and outside their quiet hours (preferences.ts, the one place they are applied). A shelved
 * alarm, or one the vessel's mode suppresses, is recorded and shown but not sent. More than
 * FLOOD_LIMIT new alarms on a vessel within FLOOD_WINDOW_MS are grouped: the rest go out as one
 * notice with their count (`flush`), so a failing sensor cannot bury the crew in mail. The
 * offline notice of an outage clearing is sent as "back online", to the people the offline
 * notice was for (docs/decisions.md, "One notice per outage").
 */
import type { AppContext } from '../../../platform/context.js';
import { mailLanguageOf, translator } from '../../../platform/i18n.js';
import { listVessels } from '../../vessel/api.js';
import { type Alert, type AlertChange, type AlertOrigin, type AlertPriority, findAlert, heldBack, insertLog, isOfflineNotice } from '../../alerts/api.js';
import { DEFAULT_USER_SETTINGS, ladderOf, userSettingsOf } from '../repository.js';
import { Audience } from './audience.js';
import type { NoticeWords, NotificationChannel, Notice, PhoneChannelName } from './channels.js';
import { FollowUps } from './follow-up.js';
import type { DeliveryReceipts } from '../receipts/receipts.js';
import { EscalationLadder } from './escalation.js';
import { alarmTextIn, noticeOf, type Again } from './notice.js';
import { inQuietHours, rankOf, wants } from './preferences.js';

export const FLOOD_LIMIT = 10;
export const FLOOD_WINDOW_MS = 10 * 60_000;
/** How often alarms held back as a flood go out as one notice. */
const FLUSH_MS = 60_000;
/** Changes that call for people's attention. */
const NOTIFYING = new Set(['raised', 'escalated', 'unsilenced', 'unshelved']);
/** Changes after which nobody needs to be chased any more. */
const SETTLED = new Set(['acknowledged', 'cleared', 'rectified', 'shelved']);

type UsersByIds = (
  ids: number[],
) => Promise<Map<number, { id: number; email: string; status: string; languageCode: string | null; preferences: { timeZone: string } }>>;

export class AlarmDelivery {
  /** Per vessel: when its recent alarms were delivered, and the alarms held back as a flood. */
  private readonly recent = new Map<number, number[]>();
  private readonly held = new Map<number, Alert[]>();
  private readonly channels: NotificationChannel[] = [];
  private readonly audience: Audience;
  readonly ladder: EscalationLadder;
  readonly followUps: FollowUps;
  /** Deliveries run one after the other, off the ingest's path. */
  private queue: Promise<void> = Promise.resolve();

  constructor(
    private readonly ctx: AppContext,
    private readonly usersByIds: UsersByIds,
    private readonly now: () => number,
    private readonly receipts: DeliveryReceipts,
    phones = false,
  ) {
    this.audience = new Audience(ctx.db);
    const send = (vesselId: number, notice: Notice, userIds: number[], origin: AlertOrigin | null, only?: PhoneChannelName) =>
      this.send(vesselId, notice, userIds, origin, only);
    this.ladder = new EscalationLadder(ctx.db, this.audience, send, now);
    this.followUps = new FollowUps(ctx.db, phones, now, send);
  }

  /** Adds a channel: every notice from now on goes through it too. */
  register(channel: NotificationChannel): void {
    this.channels.push(channel);
  }

  private timer: NodeJS.Timeout | null = null;

  start(): void {
    this.timer = setInterval(() => void this.flush(), FLUSH_MS);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** Called for every alert change announced on a vessel. */
  onChange(vesselId: number, alert: Record<string, unknown>): void {
    const change = alert as unknown as AlertChange;
    // Before the ladder stops: who it reached is who hears the vessel is back.
    if ((change.change === 'rectified' || change.change === 'cleared') && isOfflineNotice(change)) this.enqueue(() => this.deliverBackOnline(vesselId, change));
    if (change.change === 'acknowledged') this.enqueue(() => this.receipts.acknowledged(change.id));
    if (change.change === 'escalated') this.enqueue(() => this.receipts.unacknowledged(change.id));
    if (SETTLED.has(change.change)) this.enqueue(() => Promise.all([this.ladder.stop(change.id), this.followUps.stop(change.id)]).then(() => undefined));
    else if (NOTIFYING.has(change.change)) this.enqueue(() => this.deliverOne(vesselId, change));
  }

  /** Sends a notice to the users named (a routine's notify action), through every channel as their settings allow. */
  notify(vesselId: number, notice: Notice, userIds: number[]): Promise<void> {
    this.enqueue(() => this.send(vesselId, notice, userIds, null));
    return this.idle();
  }

  /** Sends the grouped notice of every vessel with alarms held back. */
  flush(): Promise<void> {
    for (const [vesselId, alerts] of this.held) {
      this.held.delete(vesselId);
      this.enqueue(() => this.deliverGroup(vesselId, alerts));
    }
    return this.idle();
  }

  /** Sends the escalation steps and the follow-ups by phone that have come due. */
  escalate(): Promise<void> {
    this.enqueue(() => this.ladder.sweep());
    this.enqueue(() => this.followUps.sweep());
    return this.idle();
  }

  /** Resolves once everything queued so far is delivered. */
  idle(): Promise<void> {
    return this.queue;
  }

  private enqueue(task: () => Promise<void>): void {
    this.queue = this.queue.then(task).catch((err) => this.ctx.log.error('alarm delivery failed', { error: err }));
  }

  private async deliverOne(vesselId: number, alert: AlertChange): Promise<void> {
    const row = await findAlert(this.ctx.db, alert.id);
    if (!row || row.acknowledgedAt !== null || (row.clearedAt !== null && alert.change !== 'raised')) return;
    const held = await heldBack(this.ctx.db, vesselId, row);
    if (held) {
      if (alert.change === 'raised' && held === 'suppressed')
        await insertLog(this.ctx.db, row, { action: 'suppressed', userId: null, at: new Date(this.now()).toISOString() });
      return;
    }
    const ladder = await ladderOf(this.ctx.db, vesselId);
    if (ladder.length && alert.change === 'raised') return this.ladder.begin(vesselId, row, ladder);
    const userIds = ladder.length ? await this.ladder.reached(vesselId, row.id, ladder) : await this.audience.everyone(vesselId);
    const now = this.now();
    const recent = (this.recent.get(vesselId) ?? []).filter((at) => now - at < FLOOD_WINDOW_MS);
    if (recent.length >= FLOOD_LIMIT) {
      this.held.set(vesselId, [...(this.held.get(vesselId) ?? []), alert]);
      this.recent.set(vesselId, recent);
      return;
    }
    this.recent.set(vesselId, [...recent, now]);
    const again: Again | undefined = alert.change === 'unsilenced' || alert.change === 'unshelved' ? { kind: alert.change } : undefined;
    await this.send(vesselId, noticeOf(vesselId, await this.vesselName(vesselId), alert, again), userIds, row.origin);
  }

  /** The outage is over: whoever the offline notice was for hears the vessel is back (as their own settings allow). */
  private async deliverBackOnline(vesselId: number, alert: AlertChange): Promise<void> {
    const row = await findAlert(this.ctx.db, alert.id);
    if (!row || row.clearedAt === null || (await heldBack(this.ctx.db, vesselId, row))) return;
    const ladder = await ladderOf(this.ctx.db, vesselId);
    const userIds = ladder.length ? await this.ladder.reached(vesselId, row.id, ladder) : await this.audience.everyone(vesselId);
    const vessel = await this.vesselName(vesselId);
    const back = new Date(row.notifiedMs).toISOString().slice(11, 16);
    const inLanguage = (language: Parameters<typeof translator>[0]): NoticeWords => {
      const t = translator(language);
      return { subject: t('backOnline.subject', { vessel }), text: t('backOnline.text', { vessel, at: back, message: alarmTextIn(row, language) }) };
    };
    const notice: Notice = { vesselId, vesselName: vessel, priority: row.priority, alertId: row.id, ...inLanguage('en'), inLanguage };
    await this.send(vesselId, notice, userIds, row.origin);
  }

  private async deliverGroup(vesselId: number, alerts: Alert[]): Promise<void> {
    const vessel = await this.vesselName(vesselId);
    const priority = alerts.reduce<AlertPriority>((top, a) => (rankOf(a.priority) > rankOf(top) ? a.priority : top), 'caution');
    const inLanguage = (language: Parameters<typeof translator>[0]): NoticeWords => {
      const t = translator(language);
      const lines = alerts.slice(0, 20).map((a) => t('group.line', { priority: t(`priority.${a.priority}`), alarm: alarmTextIn(a, language) }));
      if (alerts.length > 20) lines.push(t('group.andMore', { count: alerts.length - 20 }));
      return {
        subject: t('group.subject', { vessel, count: alerts.length }),
        text: `${t('group.text', { vessel, count: alerts.length })}\n${lines.join('\n')}`,
      };
    };
    await this.send(
      vesselId,
      { vesselId, vesselName: vessel, priority, alertIds: alerts.map((a) => a.id), ...inLanguage('en'), inLanguage },
      await this.audience.everyone(vesselId),
      null,
    );
  }

  /**
   * Hands a notice to every channel, for the people named who want it there now; or, `only`
   * named (a ladder step's channel, a follow-up), to that phone channel alone, which carries any
   * priority but, short of an emergency, not in quiet hours. An alarm or emergency sent on the
   * usual channels starts the follow-ups by phone of the people it went to.
   */
  private async send(vesselId: number, notice: Notice, userIds: number[], origin: AlertOrigin | null, only?: PhoneChannelName): Promise<void> {
    const ids = await this.audience.without(vesselId, userIds, origin);
    const users = [...(await this.usersByIds(ids)).values()].filter((u) => u.status === 'active');
    if (!users.length) return;
    const settings = await userSettingsOf(
      this.ctx.db,
      users.map((u) => u.id),
    );
    const now = this.now();
    const told = new Set<number>();
    for (const channel of this.channels.filter((c) => (only ? c.name === only : !c.onRequest))) {
      const name = channel.name;
      const recipients = users
        .filter((u) => {
          const mine = settings.get(u.id) ?? DEFAULT_USER_SETTINGS;
          if (name === 'sms' || name === 'voice') return notice.priority === 'emergency' || !inQuietHours(mine.quietHours, now, u.preferences.timeZone);
          return wants(mine, name, notice.priority, now, u.preferences.timeZone);
        })
        .map((u) => ({ userId: u.id, email: u.email, language: mailLanguageOf(u.languageCode), timeZone: u.preferences.timeZone }));
      if (!recipients.length) continue;
      for (const r of recipients) told.add(r.userId);
      const { delivered, failed } = await channel.deliver(recipients, notice);
      this.ctx.events.emit('notification.delivered', { channel: name, delivered, failed });
    }
    if (!only) await this.followUps.schedule(notice, [...told]);
  }

  private async vesselName(vesselId: number): Promise<string> {
    return (await listVessels(this.ctx.db, { ids: [vesselId] }))[0]?.name ?? `Vessel ${vesselId}`;
  }
}
