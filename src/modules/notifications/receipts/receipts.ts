/**
 * Delivery receipts (docs/decisions.md, "Delivery receipts"): the channels record each
 * notification of an alarm as it goes (queued, sent, accepted by the SMTP server or the push
 * service, or failed with the reason); the tracked link in the e-mail and the push notification
 * records it opened; an acknowledgement marks the delivery it came through (the push
 * notification's button) or the recipient's opened ones (the link followed, then Acknowledge in
 * the app). A state only moves forward; each keeps the time it was first reached, on the alerts
 * module's clock (which tests move).
 */
import { randomBytes } from 'node:crypto';
import type { AcknowledgedVia, AlarmDeliveries, Delivery, DeliveryChannel, DeliveryState } from '../../../../contracts/deliveries.js';
import { DELIVERY_STATES, REACHING_STATES } from '../../../../contracts/deliveries.js';
import type { Db } from '../../../db/knex.js';
import { type AlertRow, alertView, findAlert } from '../../alerts/api.js';
import type { Notice } from '../delivery/channels.js';
import * as repo from './repository.js';

type UsersByIds = (ids: number[]) => Promise<Map<number, { id: number; firstName: string; lastName: string }>>;

/** Where the opened link of a delivery goes (relative to the server; e-mails make it absolute). */
export const openPath = (linkToken: string): string => `/api/alerts/open/${linkToken}`;

/** Where an opened link lands: the alarm on its vessel's Alerts tab. */
export const alarmPath = (vesselId: number, alertId: number): string => `/dashboard/vessels/${vesselId}/alerts?alert=${alertId}`;

const rank = (state: DeliveryState) => DELIVERY_STATES.indexOf(state);

/**
 * The receipts of one message: one for a notice about an alarm, one per alarm for a group of
 * them; only a notice about one alarm has a tracked link (a group's leads to the vessel's alarms).
 */
export interface Receipt {
  ids: number[];
  linkToken: string | null;
}

export class DeliveryReceipts {
  constructor(
    private readonly db: Db,
    private readonly now: () => number,
    private readonly usersByIds: UsersByIds,
  ) {}

  /** A notification about to go out; null for a notice about no alarm (a routine's message), which keeps no receipt. */
  async queue(notice: Notice, to: { userId: number; channel: DeliveryChannel; target: string; pushSubscriptionId?: number }): Promise<Receipt | null> {
    const alertIds = notice.alertId !== undefined ? [notice.alertId] : (notice.alertIds ?? []);
    if (!alertIds.length) return null;
    const tokens = alertIds.map(() => randomBytes(24).toString('base64url'));
    const ids: number[] = [];
    for (const [i, alertId] of alertIds.entries()) {
      ids.push(
        await repo.insertDelivery(this.db, {
          alertId,
          vesselId: notice.vesselId,
          userId: to.userId,
          channel: to.channel,
          target: to.target,
          pushSubscriptionId: to.pushSubscriptionId ?? null,
          subject: notice.subject,
          linkToken: tokens[i],
          at: this.iso(),
        }),
      );
    }
    return { ids, linkToken: notice.alertId !== undefined ? tokens[0] : null };
  }

  sent(receipt: Receipt | null, note?: string): Promise<void> {
    return this.move(receipt?.ids ?? [], 'sent', { note });
  }

  accepted(receipt: Receipt | null, note?: string): Promise<void> {
    return this.move(receipt?.ids ?? [], 'accepted', { note });
  }

  failed(receipt: Receipt | null, reason: string): Promise<void> {
    return this.move(receipt?.ids ?? [], 'failed', { reason });
  }

  /** The tracked link was followed: answers where it leads (the alarm), or null for a key nobody was given. */
  async opened(linkToken: string): Promise<string | null> {
    const row = await repo.deliveryByToken(this.db, linkToken);
    if (!row) return null;
    await this.move([row.id], 'opened');
    return alarmPath(row.vesselId, row.alertId);
  }

  /** Before a push notification's button, an SMS reply or a call's keypress acknowledges an alarm: the acknowledgement came through that delivery. */
  async acknowledgingThrough(alertId: number, userId: number, deliveryId: number | null): Promise<void> {
    const delivery = deliveryId === null ? null : await repo.findDelivery(this.db, deliveryId);
    const through = delivery && delivery.alertId === alertId && delivery.userId === userId ? delivery : null;
    await repo.saveAcknowledgement(this.db, {
      alertId,
      userId,
      via: through?.channel ?? 'push',
      // The push device, or the phone number of the SMS reply or the call.
      device: through && through.channel !== 'email' ? through.target : null,
      deliveryId: through?.id ?? null,
      at: this.iso(),
    });
  }

  /**
   * An alarm was acknowledged (the `acknowledged` change): records by whom and through what (the
   * app unless a push notification said so just before, the operator without a user), and marks
   * the delivery it came through, or else the acknowledger's deliveries they had opened.
   */
  async acknowledged(alertId: number): Promise<void> {
    const alert = await findAlert(this.db, alertId);
    if (!alert || alert.acknowledgedAt === null) return;
    let ack = await repo.acknowledgementOf(this.db, alertId);
    if (!ack || ack.userId !== alert.acknowledgedBy) {
      const via: AcknowledgedVia = alert.acknowledgedBy === null ? 'operator' : 'app';
      ack = { alertId, userId: alert.acknowledgedBy, via, device: null, deliveryId: null, at: alert.acknowledgedAt };
      await repo.saveAcknowledgement(this.db, ack);
    }
    const deliveries = await repo.deliveriesOfAlert(this.db, alertId);
    const marked =
      ack.deliveryId !== null ? deliveries.filter((d) => d.id === ack.deliveryId) : deliveries.filter((d) => d.userId === ack.userId && d.state === 'opened');
    await this.move(
      marked.map((d) => d.id),
      'acknowledged',
      {},
      alert.acknowledgedAt,
    );
  }

  /** The alarm rose in priority and asks for acknowledgement again: how it was acknowledged before no longer holds. */
  unacknowledged(alertId: number): Promise<void> {
    return repo.deleteAcknowledgement(this.db, alertId);
  }

  /**
   * An alarm's receipts as the deliveries route answers them to a viewer. Who else was told, and
   * at which address or device, is the vessel's people: a viewer without userManager VIEW (who
   * may not read the vessel's directory) sees their own receipts whole and the others' by member
   * number, without address, device, or the address inside a refusal.
   */
  async ofAlert(alert: AlertRow, viewer: { userId: number; seesPeople: boolean }): Promise<AlarmDeliveries> {
    const rows = await repo.deliveriesOfAlert(this.db, alert.id);
    const ack = alert.acknowledgedAt === null ? null : await repo.acknowledgementOf(this.db, alert.id);
    const users = await this.usersByIds([...rows.map((r) => r.userId), ...(ack?.userId ? [ack.userId] : [])]);
    const shown = (id: number) => viewer.seesPeople || id === viewer.userId;
    const nameOf = (id: number) => {
      const user = users.get(id);
      if (!shown(id)) return `Member #${id}`;
      return user ? `${user.firstName} ${user.lastName}`.trim() : `User #${id}`;
    };
    const deliveries: Delivery[] = rows.map((r) => ({
      id: r.id,
      recipient: { userId: r.userId, name: nameOf(r.userId) },
      channel: r.channel,
      target: shown(r.userId) ? r.target : null,
      subject: r.subject,
      state: r.state,
      reason: r.reason === null || shown(r.userId) ? r.reason : r.reason.split(r.target).join('(address hidden)'),
      note: r.note,
      steps: DELIVERY_STATES.filter((s) => r.times[s] !== null).map((state) => ({ state, at: r.times[state]! })),
    }));
    const by = alert.acknowledgedBy;
    // What the notifications module recorded holds when it names the person the alarm says acknowledged it.
    const recorded = ack && ack.userId === by ? ack : null;
    const acknowledgement =
      alert.acknowledgedAt === null
        ? null
        : {
            at: alert.acknowledgedAt,
            userId: by,
            name: by === null ? null : nameOf(by),
            via: recorded?.via ?? (by === null ? ('operator' as const) : ('app' as const)),
            device: recorded && (by === null || shown(by)) ? recorded.device : null,
          };
    return {
      alert: alertView(alert, this.now()),
      reached: deliveries.some((d) => REACHING_STATES.includes(d.state)) || (alert.acknowledgedAt !== null && by !== null),
      acknowledgement,
      deliveries,
    };
  }

  /** Records a state's time and moves each receipt to it, never backwards (nor out of failed). */
  private async move(ids: number[], state: DeliveryState, extra: { reason?: string; note?: string } = {}, at = this.iso()): Promise<void> {
    for (const id of ids) {
      const row = await repo.findDelivery(this.db, id);
      if (!row) continue;
      const forward = row.state !== 'failed' && (state === 'failed' || rank(state) > rank(row.state));
      await repo.markDelivery(this.db, row.id, { timeOf: state, at, ...(forward ? { state } : {}), ...extra });
    }
  }

  private iso(): string {
    return new Date(this.now()).toISOString();
  }
}
