/**
 * Follow-ups by phone (docs/decisions.md, "SMS and voice"): a person told of an alarm or an
 * emergency (by e-mail or push) who has a verified phone number gets a text, or a call, as they
 * chose, once it has gone unacknowledged for their follow-up time (60 s unless they set
 * another). The timer is stored per alarm and person (`alert_followups`); the sweep claims it in
 * the database before sending, so a restart or a second server neither loses nor repeats it. An
 * acknowledgement, or the alarm clearing or being shelved, removes the alarm's timers.
 */
import type { Db } from '../../../db/knex.js';
import { type AlertOrigin, alertView, findAlert } from '../../alerts/api.js';
import { listVessels } from '../../vessel/api.js';
import { claimFollowUp, dueFollowUps, scheduleFollowUp, stopFollowUps, verifiedPhonesOf } from '../phone/repository.js';
import type { Notice, PhoneChannelName } from './channels.js';
import { noticeOf } from './notice.js';
import { rankOf } from './preferences.js';

type SendBy = (vesselId: number, notice: Notice, userIds: number[], origin: AlertOrigin | null, only: PhoneChannelName) => Promise<void>;

export class FollowUps {
  constructor(
    private readonly db: Db,
    private readonly enabled: boolean,
    private readonly now: () => number,
    private readonly send: SendBy,
  ) {}

  /** After an alarm or emergency reached these people: their follow-ups, each at their own time. */
  async schedule(notice: Notice, userIds: number[]): Promise<void> {
    const alertId = notice.alertId;
    if (!this.enabled || alertId === undefined || rankOf(notice.priority) < rankOf('alarm') || !userIds.length) return;
    for (const phone of (await verifiedPhonesOf(this.db, userIds)).values()) {
      if (phone.followUp === 'off') continue;
      const dueAt = new Date(this.now() + phone.followUpSeconds * 1000).toISOString();
      await scheduleFollowUp(this.db, { alertId, userId: phone.userId, vesselId: notice.vesselId, channel: phone.followUp, dueAt });
    }
  }

  /** Texts or calls everyone whose follow-up has come due, each once, while the alarm still waits for an acknowledgement. */
  async sweep(): Promise<void> {
    const nowIso = new Date(this.now()).toISOString();
    for (const due of await dueFollowUps(this.db, nowIso)) {
      if (!(await claimFollowUp(this.db, due.alertId, due.userId))) continue;
      const row = await findAlert(this.db, due.alertId);
      if (!row || row.acknowledgedAt !== null || row.clearedAt !== null) continue;
      const vessel = (await listVessels(this.db, { ids: [due.vesselId] }))[0]?.name ?? `Vessel ${due.vesselId}`;
      const notice = noticeOf(due.vesselId, vessel, alertView(row, this.now()), { kind: 'stillNotAcknowledged' });
      await this.send(due.vesselId, notice, [due.userId], row.origin, due.channel);
    }
  }

  stop(alertId: number): Promise<void> {
    return stopFollowUps(this.db, alertId);
  }
}
