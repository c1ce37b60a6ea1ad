/**
 * The escalation ladder (docs/product.md, "Alarms"): a vessel's ordered steps, each naming who
 * is told (a user, a role of the vessel's people, or a company with access), how many
 * minutes after the alarm was raised, and how (e-mail and push, or only a text or a voice call
 * to their verified phone number: the step's `channel`, delivery/phone.ts). The timer of each alarm climbing the ladder is stored
 * (`alert_escalations`: the next step and when it is due), and the sweep claims a step in the
 * database before sending it: a restart, or a second server on the same database, neither loses
 * a step nor sends it twice. An acknowledgement (or the alarm clearing) removes the timer, which
 * stops the ladder for everyone.
 */
import type { Db } from '../../../db/knex.js';
import { type AlertOrigin, type AlertRow, alertView, findAlert, insertLog } from '../../alerts/api.js';
import { listVessels } from '../../vessel/api.js';
import { claimStep, dueEscalations, type EscalationStep, escalationOf, ladderOf, startEscalation, stopEscalation } from '../repository.js';
import type { Audience } from './audience.js';
import type { Notice, PhoneChannelName } from './channels.js';
import { noticeOf } from './notice.js';

type Send = (vesselId: number, notice: Notice, userIds: number[], origin: AlertOrigin | null, only?: PhoneChannelName) => Promise<void>;

export class EscalationLadder {
  constructor(
    private readonly db: Db,
    private readonly audience: Audience,
    private readonly send: Send,
    private readonly now: () => number,
  ) {}

  /** Puts a newly raised alarm on its vessel's ladder and sends the steps already due (the first, usually). */
  async begin(vesselId: number, alert: AlertRow, ladder: EscalationStep[]): Promise<void> {
    const dueAt = new Date(this.now() + ladder[0].afterMinutes * 60_000).toISOString();
    await startEscalation(this.db, { alertId: alert.id, vesselId, nextPosition: 0, dueAt });
    await this.sweep();
  }

  /** Sends every step that has come due, each once. */
  async sweep(): Promise<void> {
    const nowIso = new Date(this.now()).toISOString();
    for (const timer of await dueEscalations(this.db, nowIso)) {
      const row = await findAlert(this.db, timer.alertId);
      const ladder = await ladderOf(this.db, timer.vesselId);
      const step = ladder[timer.nextPosition];
      if (!row || row.acknowledgedAt !== null || row.clearedAt !== null || !step) {
        await stopEscalation(this.db, timer.alertId);
        continue;
      }
      const following = ladder[timer.nextPosition + 1];
      const next = following
        ? { position: timer.nextPosition + 1, dueAt: new Date(Date.parse(timer.dueAt) + (following.afterMinutes - step.afterMinutes) * 60_000).toISOString() }
        : null;
      if (!(await claimStep(this.db, timer.alertId, timer.nextPosition, next))) continue;
      const userIds = await this.audience.ofTarget(timer.vesselId, step.target);
      const label = `escalation step ${timer.nextPosition + 1} of ${ladder.length}`;
      const by = step.channel ? ` by ${step.channel === 'sms' ? 'SMS' : 'voice call'}` : '';
      await insertLog(this.db, row, { action: 'notified', userId: null, messageText: `${label}: ${describeTarget(step)}${by}`, at: nowIso });
      const view = alertView(row, this.now());
      const vessel = await this.vesselName(timer.vesselId);
      const again = timer.nextPosition === 0 ? undefined : { kind: 'notAcknowledgedAfter' as const, minutes: step.afterMinutes };
      await this.send(timer.vesselId, noticeOf(timer.vesselId, vessel, view, again), userIds, row.origin, step.channel);
    }
  }

  /** Stops an alarm's ladder. */
  stop(alertId: number): Promise<void> {
    return stopEscalation(this.db, alertId);
  }

  /** Everyone the ladder has reached for an alarm so far (all its steps once it has run out). */
  async reached(vesselId: number, alertId: number, ladder: EscalationStep[]): Promise<number[]> {
    const timer = await escalationOf(this.db, alertId);
    const steps = timer ? ladder.slice(0, timer.nextPosition) : ladder;
    return (await Promise.all(steps.map((s) => this.audience.ofTarget(vesselId, s.target)))).flat();
  }

  private async vesselName(vesselId: number): Promise<string> {
    return (await listVessels(this.db, { ids: [vesselId] }))[0]?.name ?? `Vessel ${vesselId}`;
  }
}

export function describeTarget(step: EscalationStep): string {
  const t = step.target;
  return t.kind === 'user' ? `user ${t.userId}` : t.kind === 'company' ? `company ${t.companyId}` : t.role;
}
