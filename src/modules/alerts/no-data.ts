/**
 * The no-data alarm (docs/product.md, "Alarms"): a vessel whose bridge has sent nothing for its
 * no-data time (15 minutes unless the owner chose another) raises one alarm, origin `no-data`,
 * through the ordinary lifecycle. It clears only once data has flowed steadily again (no gap
 * longer than GAP_MS for STEADY_MS), so a patchy uplink, with data in bursts between long gaps,
 * keeps the one alarm rather than raising and clearing it every few minutes. A bridge that is
 * not connected is the outage watch's business (outage.ts): its silence counts only from when it
 * connects again, so an outage brings one offline notice, not a no-data alarm too. Time comes from
 * `now` (the lifecycle's clock) and the sweep runs with the lifecycle's.
 */
import type { AppContext } from '../../platform/context.js';
import { bridgesOfVessels, listBridges } from '../bridges/api.js';
import { applyCondition } from './api.js';
import * as repo from './repository.js';
import { NO_DATA_DEFAULT_MINUTES, noDataMinutesOf } from './settings-repository.js';

export const NO_DATA_PATH = 'bridge.data';
/** A pause in the data longer than this breaks the steady flow that clears the alarm. */
export const GAP_MS = 60_000;
/** How long data must flow without such a pause before the alarm clears. */
export const STEADY_MS = 5 * 60_000;

interface Flow {
  lastMs: number;
  /** When the bridge last connected: silence counts from then at the earliest. */
  connectedMs?: number;
  flowingSinceMs: number;
  /** Whether the vessel's no-data alarm is active; undefined until read from the database. */
  raised?: boolean;
}

export class NoDataWatch {
  private readonly flows = new Map<number, Flow>();
  private seeded = false;
  /** Sweeps run one after the other (the timer's and a test's may meet). */
  private running: Promise<void> = Promise.resolve();

  constructor(
    private readonly ctx: AppContext,
    private readonly now: () => number,
  ) {}

  /** Data from the vessel's bridge was just stored. */
  seen(vesselId: number): void {
    const now = this.now();
    const flow = this.flows.get(vesselId);
    if (!flow) this.flows.set(vesselId, { lastMs: now, flowingSinceMs: now });
    else {
      if (now - flow.lastMs > GAP_MS) flow.flowingSinceMs = now;
      flow.lastMs = Math.max(flow.lastMs, now);
    }
  }

  /** The vessel's bridge connected or disconnected. */
  connection(vesselId: number, online: boolean): void {
    const flow = this.flows.get(vesselId);
    if (online && flow) flow.connectedMs = this.now();
  }

  /** A no-data alarm changed, maybe on another node: the next sweep starts from its state. */
  onAlert(vesselId: number, alert: Record<string, unknown>): void {
    const flow = this.flows.get(vesselId);
    if (flow && alert.origin === 'no-data' && alert.path === NO_DATA_PATH) flow.raised = alert.clearedAt === null || alert.clearedAt === undefined;
  }

  /** Raises the alarm of each vessel silent too long, and clears it where data flows steadily again. */
  sweep(): Promise<void> {
    // A failed sweep must not stop the next: each one starts after the last has settled.
    this.running = this.running.catch(() => {}).then(() => this.sweepOnce());
    return this.running;
  }

  private async sweepOnce(): Promise<void> {
    if (!this.seeded) await this.seed();
    if (!this.flows.size) return;
    const now = this.now();
    const vesselIds = [...this.flows.keys()];
    const bridges = await bridgesOfVessels(this.ctx.db, vesselIds);
    const minutes = await noDataMinutesOf(this.ctx.db, vesselIds);
    for (const [vesselId, flow] of this.flows) {
      const bridge = bridges.get(vesselId);
      if (!bridge) {
        this.flows.delete(vesselId);
        continue;
      }
      if (flow.raised === undefined) {
        const latest = await repo.latestOfPath(this.ctx.db, bridge.id, 'no-data', NO_DATA_PATH, null);
        flow.raised = Boolean(latest && latest.clearedAt === null);
      }
      const limitMs = (minutes.get(vesselId) ?? NO_DATA_DEFAULT_MINUTES) * 60_000;
      const silentMs = now - flow.lastMs;
      if (!flow.raised && !bridge.online) continue;
      if (!flow.raised && now - Math.max(flow.lastMs, flow.connectedMs ?? 0) > limitMs) {
        const minutes = Math.round(silentMs / 60_000);
        const message = `No data from the bridge for ${minutes} min`;
        await this.apply(vesselId, bridge.id, { state: 'alarm', message, words: { key: 'noData', params: { minutes } } }, now);
        flow.raised = true;
      } else if (flow.raised && silentMs <= GAP_MS && now - flow.flowingSinceMs >= STEADY_MS) {
        await this.apply(vesselId, bridge.id, 'clear', now);
        flow.raised = false;
      }
    }
  }

  private async apply(vesselId: number, bridgeId: number, reading: Parameters<typeof applyCondition>[2]['reading'], now: number): Promise<void> {
    const alert = await applyCondition(this.ctx.db, bridgeId, { origin: 'no-data', path: NO_DATA_PATH, reading, timestampMs: now, nowMs: now });
    if (alert) this.ctx.events.emit('vessel.alert', { vesselId, alert: { ...alert } });
  }

  /** After a start: each paired bridge counts from when it was last seen (a bridge never seen is not watched until it reports). */
  private async seed(): Promise<void> {
    this.seeded = true;
    for (const bridge of await listBridges(this.ctx.db, { paired: true })) {
      if (bridge.vesselId === null || bridge.lastSeen === null || this.flows.has(bridge.vesselId)) continue;
      const lastMs = Math.min(Date.parse(bridge.lastSeen), this.now());
      this.flows.set(bridge.vesselId, { lastMs, flowingSinceMs: lastMs });
    }
  }
}
