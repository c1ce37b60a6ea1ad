/**
 * One notice per outage (docs/decisions.md, "One notice per outage"): a vessel whose bridge loses
 * its connection is announced offline once it has been away for the vessel's offline delay (15
 * minutes unless the owner chose another), and back online once it has stayed connected for
 * STEADY_MS, whatever the flapping in between. An outage starts at the first disconnect and lasts
 * until the bridge has been back steadily: a drop shorter than the delay that is followed by a
 * steady connection ends it without a word, and reconnecting and dropping again while announced
 * neither repeats the offline notice nor sends a back-online one. The notice is the vessel's
 * alarm `no-data` / `bridge.connection` (so modes, shelving, muting, quiet hours and the ladder
 * apply as to any alarm); its clearing is what the notifications module sends as "back online",
 * only ever for an alarm that was raised. The outage lives in `vessel_outages`, so a restart
 * neither repeats nor forgets a notice. Time comes from `now` (the lifecycle's clock), bridge
 * connects and disconnects from the `bridge.online` event on the node holding the connection,
 * and the sweep runs once per cluster on the scheduler.
 */
import type { AppContext } from '../../platform/context.js';
import { bridgesOfVessels, listBridges } from '../bridges/api.js';
import { applyCondition, OFFLINE_PATH } from './api.js';
import * as outages from './outage-repository.js';
import { OFFLINE_DEFAULT_MINUTES, offlineMinutesOf } from './settings-repository.js';

/** Connected this long without a drop ends the outage (at most the vessel's delay, so a short delay is not outlasted). */
export const STEADY_MS = 2 * 60_000;
/**
 * After a start nobody is announced offline for this long: the restart itself dropped every
 * bridge, and they need a moment to come back.
 */
export const START_GRACE_MS = 2 * 60_000;
/** After a start, bridges that were last seen this recently but are not connected have an outage opened for them. */
const SEED_LOOKBACK_MS = 24 * 3_600_000;

export class OutageWatch {
  /** Events and sweeps run one after the other, so an outage is never read and written by two at once here. */
  private running: Promise<void> = Promise.resolve();
  private startedMs: number | null = null;

  constructor(
    private readonly ctx: AppContext,
    private readonly now: () => number,
  ) {}

  /** The bridge of a vessel connected or disconnected (on this node). */
  connection(vesselId: number | null, bridgeId: number, online: boolean): Promise<void> {
    if (vesselId === null) return this.running;
    return this.run(async () => {
      const now = this.now();
      const open = await outages.openOutage(this.ctx.db, vesselId);
      if (online) {
        if (open) await outages.markConnected(this.ctx.db, open.id, now);
      } else if (!open) await outages.startOutage(this.ctx.db, vesselId, bridgeId, now);
      else await outages.markDisconnected(this.ctx.db, open.id, now);
    });
  }

  /** Announces the outages that lasted the vessel's delay, ends those the bridge came back from. */
  sweep(): Promise<void> {
    return this.run(() => this.sweepOnce());
  }

  /** Resolves once every connection change and sweep so far is done. */
  idle(): Promise<void> {
    return this.running;
  }

  private run(task: () => Promise<void>): Promise<void> {
    // A failed step must not stop the next: each one starts after the last has settled.
    this.running = this.running.catch(() => {}).then(task);
    return this.running;
  }

  private async sweepOnce(): Promise<void> {
    const now = this.now();
    if (this.startedMs === null) {
      this.startedMs = now;
      await this.seed(now);
    }
    const open = await outages.openOutages(this.ctx.db);
    if (!open.length) return;
    const vesselIds = [...new Set(open.map((o) => o.vesselId))];
    const bridges = await bridgesOfVessels(this.ctx.db, vesselIds);
    const minutes = await offlineMinutesOf(this.ctx.db, vesselIds);
    for (let outage of open) {
      const bridge = bridges.get(outage.vesselId);
      // Unpaired or paired with another bridge: that pairing's alarms went with it.
      if (!bridge || bridge.id !== outage.bridgeId) {
        await outages.endOutage(this.ctx.db, outage.id, now);
        continue;
      }
      // A connect or disconnect this node did not hear of (another node's, or lost): the table says.
      if (bridge.online && outage.offlineSinceMs !== null) {
        await outages.markConnected(this.ctx.db, outage.id, now);
        outage = { ...outage, offlineSinceMs: null, connectedSinceMs: now };
      } else if (!bridge.online && outage.connectedSinceMs !== null) {
        await outages.markDisconnected(this.ctx.db, outage.id, now);
        outage = { ...outage, offlineSinceMs: now, connectedSinceMs: null };
      }
      const delayMs = (minutes.get(outage.vesselId) ?? OFFLINE_DEFAULT_MINUTES) * 60_000;
      const steady = outage.connectedSinceMs !== null && now - outage.connectedSinceMs >= Math.min(STEADY_MS, delayMs);
      if (outage.announcedMs === null) {
        const due = outage.offlineSinceMs !== null && now - outage.startedMs >= delayMs && now - this.startedMs >= START_GRACE_MS;
        if (due && (await outages.claimAnnouncement(this.ctx.db, outage.id, now))) {
          const params = { since: hhmm(outage.startedMs), minutes: Math.round((now - outage.startedMs) / 60_000) };
          const message = `Bridge offline since ${params.since} UTC (${params.minutes} min)`;
          await this.apply(outage.vesselId, outage.bridgeId, { state: 'alarm', message, words: { key: 'offline', params } }, now);
        } else if (steady) await outages.endOutage(this.ctx.db, outage.id, now);
      } else if (steady && (await outages.endOutage(this.ctx.db, outage.id, now))) {
        await this.apply(outage.vesselId, outage.bridgeId, 'clear', now);
      }
    }
  }

  private async apply(vesselId: number, bridgeId: number, reading: Parameters<typeof applyCondition>[2]['reading'], now: number): Promise<void> {
    const alert = await applyCondition(this.ctx.db, bridgeId, { origin: 'no-data', path: OFFLINE_PATH, reading, timestampMs: now, nowMs: now });
    if (alert) this.ctx.events.emit('vessel.alert', { vesselId, alert: { ...alert } });
  }

  /**
   * After a start: a paired bridge seen within the lookback that is not connected and has no
   * outage (it was connected when the server stopped, and its disconnect was never recorded) gets
   * one from when it was last seen.
   */
  private async seed(now: number): Promise<void> {
    for (const bridge of await listBridges(this.ctx.db, { paired: true })) {
      if (bridge.vesselId === null || bridge.online || bridge.lastSeen === null) continue;
      const lastMs = Math.min(Date.parse(bridge.lastSeen), now);
      if (now - lastMs > SEED_LOOKBACK_MS || (await outages.openOutage(this.ctx.db, bridge.vesselId))) continue;
      await outages.startOutage(this.ctx.db, bridge.vesselId, bridge.id, lastMs);
    }
  }
}

const hhmm = (ms: number) => new Date(ms).toISOString().slice(11, 16);
