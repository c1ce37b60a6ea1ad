/**
 * What people do to an alarm, whatever raised it: acknowledge it, silence it for a while
 * (30 s unless asked, at most an hour, at most a minute for an emergency), and the silence
 * running out, after which the alarm notifies again. Every transition is logged with who and
 * when, and announced on the vessel's live stream with what changed. Time comes from `now`, so
 * tests move it instead of waiting.
 */
import Boom from '@hapi/boom';
import type { AppContext } from '../../platform/context.js';
import { vesselIdsOfBridges } from '../bridges/api.js';
import { type Alert, type AlertChange, alertView } from './api.js';
import * as repo from './repository.js';
import { endShelf, insertShelf, lapsedShelves, shelfOf, type ShelfRow } from './settings-repository.js';

export const SILENCE_DEFAULT_SECONDS = 30;
export const SILENCE_MAX_SECONDS = 3600;
export const EMERGENCY_SILENCE_MAX_SECONDS = 60;
/** The longest an alarm point stays on the shelf. */
export const SHELVE_MAX_DAYS = 30;
/** How often lapsed silences are looked for (the module schedules `sweep`): a silence ends at most this late. */
export const SILENCE_SWEEP_MS = 5000;

export class AlertLifecycle {
  private sweeping: Promise<void> = Promise.resolve();

  constructor(private readonly ctx: AppContext) {}

  /** The server's clock (ctx.clock). */
  now(): number {
    return this.ctx.clock.now();
  }

  view(row: repo.AlertRow): Alert {
    return alertView(row, this.now());
  }

  /**
   * Acknowledges an alert (userId null: the operator, from the CLI); an acknowledged one stays
   * as it is. A rectified alert is cleared by it.
   */
  async acknowledge(vesselId: number, alert: repo.AlertRow, userId: number | null): Promise<Alert> {
    if (alert.acknowledgedAt !== null) return this.view(alert);
    await repo.updateAlert(this.ctx.db, alert.id, { acknowledged: { by: userId }, silencedUntil: null, at: this.iso() });
    return this.changed(vesselId, alert.id, 'acknowledged', userId);
  }

  /**
   * Silences an alert nobody has acknowledged yet (an acknowledged or cleared one has nothing to
   * silence and stays as it is). An emergency is silenced for at most a minute.
   */
  async silence(vesselId: number, alert: repo.AlertRow, userId: number, seconds = SILENCE_DEFAULT_SECONDS): Promise<Alert> {
    if (alert.acknowledgedAt !== null || alert.clearedAt !== null) return this.view(alert);
    if (seconds < 1 || seconds > SILENCE_MAX_SECONDS) throw Boom.badRequest(`seconds must be between 1 and ${SILENCE_MAX_SECONDS}`);
    const capped = alert.priority === 'emergency' ? Math.min(seconds, EMERGENCY_SILENCE_MAX_SECONDS) : seconds;
    const until = new Date(this.now() + capped * 1000).toISOString();
    await repo.updateAlert(this.ctx.db, alert.id, { silencedBy: userId, silencedUntil: until, at: this.iso() });
    return this.changed(vesselId, alert.id, 'silenced', userId);
  }

  /** Silences every alert of a bridge that is sounding (unacknowledged, not silenced); answers how many. */
  async silenceAll(vesselId: number, bridgeId: number, userId: number, seconds?: number): Promise<number> {
    const alerts = await repo.sounding(this.ctx.db, bridgeId, this.iso());
    for (const alert of alerts) await this.silence(vesselId, alert, userId, seconds);
    return alerts.length;
  }

  /**
   * Shelves the point an alert stands for (its origin and path on the bridge) until a time, with
   * a reason: its alarms are recorded and shown but nobody is notified or chased until the shelf
   * ends, by itself at `until` or by `unshelve`. Shelving an already shelved point moves its end.
   */
  async shelve(vesselId: number, alert: repo.AlertRow, userId: number, reason: string, until: string): Promise<ShelfRow> {
    const untilMs = Date.parse(until);
    if (!(untilMs > this.now())) throw Boom.badRequest('until must be in the future');
    if (untilMs > this.now() + SHELVE_MAX_DAYS * 24 * 3600_000) throw Boom.badRequest(`An alarm can be shelved for at most ${SHELVE_MAX_DAYS} days`);
    const existing = await shelfOf(this.ctx.db, alert.bridgeId, alert.origin, alert.path);
    if (existing) await endShelf(this.ctx.db, existing.id, this.iso());
    const shelf = {
      bridgeId: alert.bridgeId,
      origin: alert.origin,
      path: alert.path,
      reason,
      until: new Date(untilMs).toISOString(),
      shelvedBy: userId,
      createdAt: this.iso(),
    };
    const id = await insertShelf(this.ctx.db, shelf);
    await this.changed(vesselId, alert.id, 'shelved', userId, `${reason} (until ${shelf.until})`);
    return { id, ...shelf };
  }

  /** Puts a shelved point back in service now; answers whether it was shelved. */
  async unshelve(vesselId: number, alert: repo.AlertRow, userId: number | null): Promise<boolean> {
    const shelf = await shelfOf(this.ctx.db, alert.bridgeId, alert.origin, alert.path);
    if (!shelf || !(await endShelf(this.ctx.db, shelf.id, this.iso()))) return false;
    await this.changed(vesselId, alert.id, 'unshelved', userId);
    return true;
  }

  /**
   * Ends the silences and shelves that have run out: each alarm sounds (and notifies) again. One
   * sweep at a time (the scheduler's and a caller's never overlap), so an alarm's silence ends once.
   */
  sweep(): Promise<void> {
    this.sweeping = this.sweeping.catch(() => {}).then(() => this.sweepOnce());
    return this.sweeping;
  }

  private async sweepOnce(): Promise<void> {
    await this.endShelves();
    const lapsed = await repo.lapsedSilences(this.ctx.db, this.iso());
    if (!lapsed.length) return;
    const vesselOf = await vesselIdsOfBridges(this.ctx.db, [...new Set(lapsed.map((a) => a.bridgeId))]);
    for (const alert of lapsed) {
      await repo.updateAlert(this.ctx.db, alert.id, { silencedUntil: null, at: this.iso() });
      const vesselId = vesselOf.get(alert.bridgeId);
      if (alert.clearedAt === null && vesselId !== undefined) await this.changed(vesselId, alert.id, 'unsilenced', null);
    }
  }

  /** Shelves whose time has ended: the newest alert of each point comes back (and notifies if still unacknowledged). */
  private async endShelves(): Promise<void> {
    const lapsed = await lapsedShelves(this.ctx.db, this.iso());
    if (!lapsed.length) return;
    const vesselOf = await vesselIdsOfBridges(this.ctx.db, [...new Set(lapsed.map((s) => s.bridgeId))]);
    for (const shelf of lapsed) {
      if (!(await endShelf(this.ctx.db, shelf.id, this.iso()))) continue;
      const alert = await repo.latestOfPath(this.ctx.db, shelf.bridgeId, shelf.origin, shelf.path, null);
      const vesselId = vesselOf.get(shelf.bridgeId);
      if (alert && vesselId !== undefined) await this.changed(vesselId, alert.id, 'unshelved', null);
    }
  }

  private iso(): string {
    return new Date(this.now()).toISOString();
  }

  private async changed(vesselId: number, alertId: number, change: repo.LogAction, userId: number | null, messageText?: string): Promise<Alert> {
    const row = (await repo.findAlert(this.ctx.db, alertId))!;
    await repo.insertLog(this.ctx.db, row, { action: change, userId, messageText, at: this.iso() });
    const alert: AlertChange = { ...this.view(row), change };
    this.ctx.events.emit('vessel.alert', { vesselId, alert: { ...alert } });
    return this.view(row);
  }
}
