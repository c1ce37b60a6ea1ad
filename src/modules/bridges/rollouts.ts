/**
 * Staged software rollouts (docs/decisions.md, "Staged software rollouts"): one version to a set of
 * bridges, a first stage of a percentage of them, then the rest when an administrator advances it.
 * Each bridge gets the ordinary softwareUpdate admin request of docs/protocol.md; its answers move
 * the bridge's row here. A bridge offline when its stage is released gets the request when it
 * connects. The rollout stops by itself when more than `failurePercent` of the bridges sent the
 * update failed; a bridge silent for ROLLOUT_ANSWER_TIMEOUT_MS counts as failed. A released bridge
 * that does not connect within ROLLOUT_CONNECT_WAIT_MS is skipped (neither done nor failed): one
 * bridge left ashore must not keep the rollout, and every later one for it, running forever.
 */
import { randomUUID } from 'node:crypto';
import Boom from '@hapi/boom';
import type { Database } from '../../db/knex.js';
import { ruleRefused } from '../../platform/errors.js';
import type { Clock } from '../../platform/clock.js';
import * as repo from './repository.js';
import type { Rollout, RolloutCounts, RolloutTarget } from '../../../contracts/admin.js';

export const ROLLOUT_DEFAULT_FAILURE_PERCENT = 20;
export const ROLLOUT_ANSWER_TIMEOUT_MS = 30 * 60_000;
export const ROLLOUT_CONNECT_WAIT_MS = 24 * 3600_000;
/** How often running rollouts are checked for targets past their timeout (the module schedules `checkAll`). */
export const ROLLOUT_CHECK_MS = 60_000;
const FINAL_STATES = new Set(['COMPLETED', 'FAILED', 'SKIPPED']);

/** What a rollout needs of the bridge service: is a bridge connected, and send it an update. */
export interface UpdateSender {
  isConnected(serial: string): boolean;
  sendUpdate(bridge: { id: number; serial: string }, version: string, requestedBy: number | null, requestId: string): Promise<void>;
}

export type { RolloutCounts, RolloutTarget };

/** A rollout without its targets (the list); one rollout answers them too. */
export type RolloutView = Omit<Rollout, 'targets'>;

const countsOf = (rollout: repo.RolloutRow, targets: repo.RolloutTargetRow[]): RolloutCounts => {
  const released = targets.filter((t) => t.stage <= rollout.stage);
  return {
    total: targets.length,
    released: released.length,
    waiting: released.filter((t) => t.state === 'WAITING').length,
    inProgress: released.filter((t) => t.state !== 'WAITING' && !FINAL_STATES.has(t.state)).length,
    completed: targets.filter((t) => t.state === 'COMPLETED').length,
    failed: targets.filter((t) => t.state === 'FAILED').length,
  };
};

const progressOf = (t: repo.RolloutTargetRow): number => (t.state === 'COMPLETED' ? 100 : t.state === 'WAITING' ? 0 : (t.progress ?? 0));

export class Rollouts {
  constructor(
    private readonly db: Database,
    private readonly sender: UpdateSender,
    /** The server's clock (ctx.clock). */
    private readonly clock: Clock,
  ) {}

  private now(): number {
    return this.clock.now();
  }

  private at(): string {
    return new Date(this.now()).toISOString();
  }

  async create(
    input: { version: string; bridgeIds?: number[]; all?: boolean; percentage: number; failurePercent?: number },
    createdBy: number | null,
  ): Promise<RolloutView & { targets: RolloutTarget[] }> {
    const everyBridge = await repo.listBridges(this.db, {});
    let chosen = everyBridge;
    if (!input.all) {
      const wanted = new Set(input.bridgeIds ?? []);
      chosen = everyBridge.filter((b) => wanted.has(b.id));
      const unknown = [...wanted].filter((id) => !chosen.some((b) => b.id === id));
      if (unknown.length) throw Boom.badRequest(`bridgeIds contains unknown reporting clients: ${unknown.join(', ')}`);
    }
    if (!chosen.length) throw ruleRefused('There is no reporting client to update');
    const running = (await repo.listRollouts(this.db, 'running')).map((r) => r.id);
    const busy = new Set((await repo.targetsOf(this.db, running)).filter((t) => !FINAL_STATES.has(t.state)).map((t) => t.serial));
    const clash = chosen.filter((b) => busy.has(b.serial)).map((b) => b.serial);
    if (clash.length) throw ruleRefused(`Already in a running rollout: ${clash.slice(0, 5).join(', ')}${clash.length > 5 ? '…' : ''}. Stop it first.`);
    // The first stage takes connected bridges first, so that it answers soon; then by serial.
    const ordered = [...chosen].sort(
      (a, b) => Number(this.sender.isConnected(b.serial)) - Number(this.sender.isConnected(a.serial)) || a.serial.localeCompare(b.serial),
    );
    const firstStage = Math.max(1, Math.ceil((ordered.length * input.percentage) / 100));
    const id = await this.db.transaction((trx) =>
      repo.insertRollout(
        trx,
        {
          version: input.version,
          percentage: input.percentage,
          failurePercent: input.failurePercent ?? ROLLOUT_DEFAULT_FAILURE_PERCENT,
          createdBy,
          at: this.at(),
        },
        ordered.map((b, i) => ({ bridgeId: b.id, stage: i < firstStage ? 1 : 2 })),
      ),
    );
    await this.release(id);
    return this.get(id);
  }

  async list(status?: repo.RolloutStatus): Promise<RolloutView[]> {
    const rollouts = await repo.listRollouts(this.db, status);
    const targets = await repo.targetsOf(
      this.db,
      rollouts.map((r) => r.id),
    );
    return rollouts.map((r) =>
      this.view(
        r,
        targets.filter((t) => t.rolloutId === r.id),
      ),
    );
  }

  /** A rollout with every target bridge; timeouts are applied first. */
  async get(id: number): Promise<RolloutView & { targets: RolloutTarget[] }> {
    await this.check(id);
    const rollout = await this.find(id);
    const targets = await repo.targetsOf(this.db, [id]);
    return {
      ...this.view(rollout, targets),
      targets: targets.map((t) => ({
        bridgeId: t.bridgeId,
        serial: t.serial,
        stage: t.stage,
        state: t.stage > rollout.stage && t.state === 'WAITING' ? 'LATER' : t.state,
        progress: t.progress,
        message: t.message,
        sentAt: t.sentAt,
        updatedAt: t.updatedAt,
      })),
    };
  }

  /** Releases the second stage: every target bridge. */
  async advance(id: number): Promise<RolloutView & { targets: RolloutTarget[] }> {
    const rollout = await this.find(id);
    if (rollout.status !== 'running') throw ruleRefused(`This rollout is ${rollout.status}; it cannot go further`);
    if (rollout.stage >= 2) throw ruleRefused('Every bridge of this rollout has already been released');
    await repo.updateRollout(this.db, id, { stage: 2, at: this.at() });
    // The second stage is released now: its wait for bridges to connect starts now.
    for (const t of await repo.targetsOf(this.db, [id])) {
      if (t.stage === 2 && t.state === 'WAITING') await repo.updateTarget(this.db, id, t.bridgeId, { state: 'WAITING', at: this.at() });
    }
    await this.release(id);
    return this.get(id);
  }

  /** Stops a running rollout: no bridge gets the update any more (those installing finish). */
  async stop(id: number, reason = 'Stopped by an administrator'): Promise<RolloutView & { targets: RolloutTarget[] }> {
    const rollout = await this.find(id);
    if (rollout.status !== 'running') throw ruleRefused(`This rollout is already ${rollout.status}`);
    await repo.updateRollout(this.db, id, { status: 'stopped', stopReason: reason, at: this.at() });
    return this.get(id);
  }

  /** A bridge answered an admin request: when it is a rollout's, the rollout moves. */
  async onResponse(bridgeId: number, requestId: string, answer: { state: string; progress?: number; message?: string }): Promise<void> {
    const target = await repo.targetOfRequest(this.db, bridgeId, requestId);
    if (!target) return;
    await repo.updateTarget(this.db, target.rolloutId, bridgeId, {
      state: answer.state,
      progress: answer.state === 'COMPLETED' ? 100 : (answer.progress ?? null),
      message: answer.message ?? null,
      at: this.at(),
    });
    await this.check(target.rolloutId);
  }

  /** A bridge connected: the updates released to it while it was away go out now. */
  async onConnected(bridge: { id: number; serial: string }): Promise<void> {
    for (const waiting of await repo.waitingTargetsOfBridge(this.db, bridge.id)) await this.send(waiting.rolloutId, bridge, waiting.version);
  }

  /** Applies timeouts to every running rollout. */
  async checkAll(): Promise<void> {
    for (const r of await repo.listRollouts(this.db, 'running')) await this.check(r.id);
  }

  private async find(id: number): Promise<repo.RolloutRow> {
    const rollout = await repo.findRollout(this.db, id);
    if (!rollout) throw Boom.notFound('Rollout not found');
    return rollout;
  }

  private view(r: repo.RolloutRow, targets: repo.RolloutTargetRow[]): RolloutView {
    const released = targets.filter((t) => t.stage <= r.stage);
    return {
      id: r.id,
      version: r.version,
      status: r.status,
      percentage: r.percentage,
      stage: r.stage,
      failurePercent: r.failurePercent,
      stopReason: r.stopReason,
      createdBy: r.createdBy,
      createdAt: r.createdAt,
      finishedAt: r.finishedAt,
      counts: countsOf(r, targets),
      progress: released.length ? Math.round(released.reduce((sum, t) => sum + progressOf(t), 0) / released.length) : 0,
    };
  }

  /** Sends the update to every connected bridge of the released stages that has not had it. */
  private async release(id: number): Promise<void> {
    const rollout = await this.find(id);
    if (rollout.status !== 'running') return;
    for (const t of await repo.targetsOf(this.db, [id])) {
      if (t.stage <= rollout.stage && t.state === 'WAITING' && this.sender.isConnected(t.serial)) {
        await this.send(id, { id: t.bridgeId, serial: t.serial }, rollout.version);
      }
    }
    await this.check(id);
  }

  private async send(rolloutId: number, bridge: { id: number; serial: string }, version: string): Promise<void> {
    const rollout = await this.find(rolloutId);
    if (rollout.status !== 'running') return;
    // The target knows its request before the request goes out: a quick bridge's first answer
    // must find it.
    const requestId = randomUUID();
    const at = this.at();
    await repo.updateTarget(this.db, rolloutId, bridge.id, { state: 'PENDING', requestId, sentAt: at, progress: null, message: null, at });
    try {
      await this.sender.sendUpdate(bridge, version, rollout.createdBy, requestId);
    } catch {
      // Went offline meanwhile: it waits again and gets the update when it connects again.
      await repo.updateTarget(this.db, rolloutId, bridge.id, { state: 'WAITING', requestId: null, sentAt: null, at: this.at() });
    }
  }

  /** Timeouts, then the failure threshold, then completion. */
  private async check(id: number): Promise<void> {
    const rollout = await this.find(id);
    if (rollout.status !== 'running') return;
    const nowMs = this.now();
    let targets = await repo.targetsOf(this.db, [id]);
    for (const t of targets) {
      if (t.sentAt && !FINAL_STATES.has(t.state) && nowMs - Date.parse(t.updatedAt) >= ROLLOUT_ANSWER_TIMEOUT_MS) {
        await repo.updateTarget(this.db, id, t.bridgeId, { state: 'FAILED', message: 'No answer from the bridge for 30 minutes', at: this.at() });
      } else if (t.stage <= rollout.stage && t.state === 'WAITING' && nowMs - Date.parse(t.updatedAt) >= ROLLOUT_CONNECT_WAIT_MS) {
        await repo.updateTarget(this.db, id, t.bridgeId, {
          state: 'SKIPPED',
          message: 'Not connected within 24 hours of its release: skipped (update it on its own when it is back)',
          at: this.at(),
        });
      }
    }
    targets = await repo.targetsOf(this.db, [id]);
    const sent = targets.filter((t) => t.sentAt !== null);
    const failed = sent.filter((t) => t.state === 'FAILED').length;
    if (failed > 0 && failed * 100 > rollout.failurePercent * sent.length) {
      await repo.updateRollout(this.db, id, {
        status: 'stopped',
        stopReason: `Stopped automatically: ${failed} of ${sent.length} bridges sent the update failed (more than ${rollout.failurePercent} %)`,
        at: this.at(),
      });
      return;
    }
    const lastStage = rollout.stage >= 2 || targets.every((t) => t.stage <= rollout.stage);
    if (lastStage && targets.every((t) => FINAL_STATES.has(t.state))) await repo.updateRollout(this.db, id, { status: 'completed', at: this.at() });
  }
}
