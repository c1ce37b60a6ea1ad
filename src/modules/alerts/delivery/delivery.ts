/**
 * Alarm delivery: when an alarm is raised, rises in priority, or its silence ends without
 * anyone acknowledging it, every member of the vessel who receives notifications (and the
 * owner) who has not muted the vessel is told through every channel. More than FLOOD_LIMIT new alarms on a vessel within
 * FLOOD_WINDOW_MS are grouped: the rest go out as one notice with their count (`flush`, run with
 * the lifecycle's sweep), so a failing sensor cannot bury the crew in mail.
 */
import type { AppContext } from '../../../platform/context.js';
import { listVessels, membersOfVessel } from '../../vessel/api.js';
import type { Alert, AlertChange } from '../api.js';
import { mutedUserIds } from '../repository.js';
import type { NotificationChannel, Recipient } from './channels.js';

export const FLOOD_LIMIT = 10;
export const FLOOD_WINDOW_MS = 10 * 60_000;
/** How often alarms held back as a flood go out as one notice. */
const FLUSH_MS = 60_000;
/** Changes that call for people's attention. */
const NOTIFYING = new Set(['raised', 'escalated', 'unsilenced']);

type UsersByIds = (ids: number[]) => Promise<Map<number, { id: number; email: string; status: string }>>;

export class AlarmDelivery {
  /** Per vessel: when its recent alarms were delivered, and the alarms held back as a flood. */
  private readonly recent = new Map<number, number[]>();
  private readonly held = new Map<number, Alert[]>();
  /** Deliveries run one after the other, off the ingest's path. */
  private queue: Promise<void> = Promise.resolve();

  constructor(
    private readonly ctx: AppContext,
    private readonly channels: NotificationChannel[],
    private readonly usersByIds: UsersByIds,
    private readonly now: () => number,
  ) {}

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
    if (!NOTIFYING.has(change.change)) return;
    this.enqueue(() => this.deliverOne(vesselId, change));
  }

  /** Sends the grouped notice of every vessel with alarms held back. */
  flush(): Promise<void> {
    for (const [vesselId, alerts] of this.held) {
      this.held.delete(vesselId);
      this.enqueue(() => this.deliverGroup(vesselId, alerts));
    }
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
    const now = this.now();
    const recent = (this.recent.get(vesselId) ?? []).filter((at) => now - at < FLOOD_WINDOW_MS);
    if (recent.length >= FLOOD_LIMIT) {
      this.held.set(vesselId, [...(this.held.get(vesselId) ?? []), alert]);
      this.recent.set(vesselId, recent);
      return;
    }
    this.recent.set(vesselId, [...recent, now]);
    const vessel = await this.vesselName(vesselId);
    const again = alert.change === 'unsilenced' ? ' (silence ended, not acknowledged)' : '';
    await this.send(vesselId, {
      vesselName: vessel,
      subject: `${vessel}: ${alert.priority} — ${alert.message || alert.path}${again}`,
      text: `${capitalised(alert.priority)} on ${vessel}${again}:\n${alert.message || alert.path}\n\nPath: ${alert.path}\nRaised: ${alert.raisedAt}`,
    });
  }

  private async deliverGroup(vesselId: number, alerts: Alert[]): Promise<void> {
    const vessel = await this.vesselName(vesselId);
    const lines = alerts.slice(0, 20).map((a) => `- ${a.priority}: ${a.message || a.path}`);
    await this.send(vesselId, {
      vesselName: vessel,
      subject: `${vessel}: ${alerts.length} more alarms`,
      text: `${alerts.length} more alarms were raised on ${vessel} in the last minutes:\n${lines.join('\n')}${alerts.length > 20 ? `\n… and ${alerts.length - 20} more` : ''}`,
    });
  }

  private async send(vesselId: number, notice: { vesselName: string; subject: string; text: string }): Promise<void> {
    const recipients = await this.recipients(vesselId);
    if (!recipients.length) return;
    for (const channel of this.channels) await channel.deliver(recipients, notice);
  }

  /** The owner and every active, unpaused member holding `receiveNotifications`, unless they muted the vessel. */
  private async recipients(vesselId: number): Promise<Recipient[]> {
    const [vessel] = await listVessels(this.ctx.db, { ids: [vesselId] });
    if (!vessel) return [];
    const members = (await membersOfVessel(this.ctx.db, vesselId)).filter(
      (m) => m.userId !== null && m.status === 'active' && !m.paused && m.permissions.receiveNotifications,
    );
    const muted = await mutedUserIds(this.ctx.db, vesselId);
    const ids = [vessel.ownerId, ...members.map((m) => m.userId!)].filter((id) => !muted.has(id));
    const users = await this.usersByIds(ids);
    return [...users.values()].filter((u) => u.status === 'active').map((u) => ({ userId: u.id, email: u.email }));
  }

  private async vesselName(vesselId: number): Promise<string> {
    return (await listVessels(this.ctx.db, { ids: [vesselId] }))[0]?.name ?? `Vessel ${vesselId}`;
  }
}

const capitalised = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
