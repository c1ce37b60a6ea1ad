/**
 * Commands to devices on board as Signal K PUT requests (docs/protocol.md), one request id from the
 * client to every channel: the `sendCommand` answer, the live `command` event and the stored
 * state (`device_commands`, read by `GET vessel/{id}/commands/{requestId}`). The states are
 * contracts/live.ts's:
 *
 *   QUEUED ─(bridge subscribes to `put`)→ SENT ─(PENDING/COMPLETED)→ ACKNOWLEDGED ─(value read back)→ CONFIRMED
 *   QUEUED → EXPIRED | REPLACED          SENT/ACKNOWLEDGED → FAILED (bridge's failure) | TIMEOUT
 *
 * A command is CONFIRMED only when a committed batch carries the property's value as sent: a
 * bridge's COMPLETED says the device was asked, the value read back says it obeyed.
 */
import Boom from '@hapi/boom';
import type { CommandState, CommandStatus, LiveBatch } from '../../../contracts/live.js';
import type { BridgeBroker, BridgeIdentity, BridgeMessage } from '../../mqtt/broker.js';
import { MalformedMessage } from '../../mqtt/broker.js';
import { COMMAND_TIMEOUT_MS, parsePutResponse, type PutRequest } from '../../mqtt/protocol.js';
import type { AppContext } from '../../platform/context.js';
import type { EventMap } from '../../platform/events.js';
import { ruleRefused } from '../../platform/errors.js';
import { type CommandRow, commandStatusOf, expiredQueued, findCommand, insertCommand, queuedOf, updateCommand } from './repository.js';

/** Time as the command service sees it: the server's clock (ctx.clock), which tests move. */
import type { TimerClock as Clock } from '../../platform/clock.js';
export type { Clock };

/** How often queued commands are checked for expiry while their vessel stays offline. */
export const EXPIRY_SWEEP_MS = 60_000;

export interface CommandTarget {
  vesselId: number;
  bridgeId: number;
  serial: string;
  propertyId: number;
  path: string;
  value: unknown;
  requestId: string;
  /** Keep the command this long when the vessel is offline; without it an offline vessel refuses. */
  queueForSeconds?: number;
}

interface InFlight {
  row: CommandRow;
  final: boolean;
  /** Its state writes, one after the other, so a late write cannot overtake the final one. */
  writes: Promise<void>;
  cancelTimer: () => void;
  settled: Promise<CommandStatus>;
  settle: (status: CommandStatus) => void;
}

const sameValue = (a: unknown, b: unknown): boolean => a === b || JSON.stringify(a) === JSON.stringify(b);

export class CommandService {
  /** How long a sent command may wait for its final answer and read-back; tests shorten it. */
  timeoutMs = COMMAND_TIMEOUT_MS;
  /** Commands sent and not final, by bridge id and request id. */
  private readonly inFlight = new Map<string, InFlight>();
  private readonly unsubscribe: Array<() => void>;
  /** Bridges whose queue is being delivered: a second subscription meanwhile must not send it twice. */
  private readonly delivering = new Set<number>();

  /** The server's clock: timeouts and expiry move when a test moves it. */
  private get clock(): Clock {
    return this.ctx.clock;
  }

  constructor(
    private readonly ctx: AppContext,
    private readonly broker: BridgeBroker,
  ) {
    // In a cluster (docs/scaling.md) the bridge may be connected to another node: its read-back and
    // its answers reach the node that sent the command through the event relay.
    this.unsubscribe = [
      ctx.events.on('vessel.batch', ({ vesselId, batch }) => this.readBack(vesselId, batch), { cluster: true }),
      ctx.events.on(
        'command.answer',
        (answer) => void this.onAnswer(answer).catch((err) => ctx.log.error('command answer could not be stored', { error: err })),
        { cluster: true },
      ),
    ];
    broker.on('subscribed', (bridge, leaf) => {
      if (leaf === 'put')
        this.deliverQueued(bridge).catch((err) => ctx.log.error('queued commands could not be delivered', { serial: bridge.serial, error: err }));
    });
  }

  isOnline(serial: string): boolean {
    return this.broker.isConnected(serial);
  }

  /**
   * Sends a command and resolves with its final state (CONFIRMED, FAILED or TIMEOUT), or at
   * once with QUEUED when the vessel is offline and the caller chose to wait. 409 when the
   * vessel already has a command with this request id.
   */
  async submit(target: CommandTarget): Promise<CommandStatus> {
    const now = this.clock.now();
    const online = this.broker.isConnected(target.serial);
    if (!online && !target.queueForSeconds) throw ruleRefused('Vessel is offline');
    const row: CommandRow = {
      vesselId: target.vesselId,
      bridgeId: target.bridgeId,
      requestId: target.requestId,
      propertyId: target.propertyId,
      path: target.path,
      value: target.value,
      state: online ? 'SENT' : 'QUEUED',
      statusCode: 202,
      message: null,
      expiresAtMs: online ? null : now + target.queueForSeconds! * 1000,
      updatedAtMs: now,
    };
    if (!(await insertCommand(this.ctx.db, row))) throw Boom.conflict('This vessel already has a command with this requestId');
    if (!online) {
      await this.replaceOlderQueued(row);
      return this.announce(row);
    }
    return this.deliver(row, target.serial);
  }

  /** The stored state of a command, null when the vessel has none with this request id. */
  async status(vesselId: number, requestId: string): Promise<CommandStatus | null> {
    const row = await findCommand(this.ctx.db, vesselId, requestId);
    if (!row) return null;
    if (row.state === 'QUEUED' && row.expiresAtMs !== null && row.expiresAtMs <= this.clock.now()) return this.expire(row);
    return commandStatusOf(row);
  }

  /** Queued commands whose expiry has come become EXPIRED. */
  async expireDue(): Promise<void> {
    for (const row of await expiredQueued(this.ctx.db, this.clock.now())) await this.expire(row);
  }

  /** `put/response` topic. Answers to unknown or finished requests, or from another bridge, are ignored. */
  async onPutResponse(message: BridgeMessage): Promise<void> {
    const parsed = parsePutResponse(message.payload);
    if (!parsed.ok) throw new MalformedMessage(parsed.reason);
    const response = parsed.value;
    const answer = {
      bridgeId: message.bridge.id,
      requestId: response.requestId,
      state: response.state,
      statusCode: response.statusCode,
      message: response.message ?? null,
    };
    if (this.inFlight.has(`${answer.bridgeId}/${answer.requestId}`)) return this.onAnswer(answer);
    // Sent by another node of the cluster, or unknown: the relay takes it to every node, and the sender acts on it.
    if (this.ctx.config.redisUrl) this.ctx.events.emit('command.answer', answer);
    else this.ctx.log.debug('answer to an unknown or finished command', { serial: message.bridge.serial, requestId: response.requestId });
  }

  /** A bridge's answer to a command this node sent; others are not this node's. */
  private async onAnswer(answer: EventMap['command.answer']): Promise<void> {
    const command = this.inFlight.get(`${answer.bridgeId}/${answer.requestId}`);
    if (!command || command.final) return;
    if (answer.state === 'FAILED') await this.finish(command, 'FAILED', answer.statusCode, answer.message);
    else await this.transition(command, 'ACKNOWLEDGED', answer.statusCode, answer.message);
  }

  /** Commands still waiting end as TIMEOUT when the server stops. */
  async stop(): Promise<void> {
    for (const unsubscribe of this.unsubscribe) unsubscribe();
    await Promise.all([...this.inFlight.values()].map((command) => this.finish(command, 'TIMEOUT', 504, 'The server stopped').catch(() => {})));
  }

  private deliver(row: CommandRow, serial: string): Promise<CommandStatus> {
    let settle: (status: CommandStatus) => void = () => {};
    const settled = new Promise<CommandStatus>((resolve) => (settle = resolve));
    const command: InFlight = { row, final: false, writes: Promise.resolve(), cancelTimer: () => {}, settled, settle };
    const key = `${row.bridgeId}/${row.requestId}`;
    this.inFlight.set(key, command);
    command.cancelTimer = this.clock.setTimer(this.timeoutMs, () => {
      this.finish(command, 'TIMEOUT', 504, 'The vessel did not answer in time').catch((err) =>
        this.ctx.log.error('command timeout could not be stored', { error: err }),
      );
    });
    this.announce(row);
    const request: PutRequest = { requestId: row.requestId, context: 'vessels.self', put: { path: row.path, value: row.value } };
    this.broker.publish(serial, 'put', request).catch((err: unknown) => {
      this.ctx.log.warn('command could not be published', { serial, requestId: row.requestId, error: err });
      return this.finish(command, 'FAILED', 502, 'The command could not be sent to the vessel');
    });
    return settled;
  }

  /** The batch's values confirm every command in flight whose property now holds what was sent. */
  private readBack(vesselId: number, batch: LiveBatch): void {
    for (const command of this.inFlight.values()) {
      if (command.final || command.row.vesselId !== vesselId) continue;
      if (!batch.values.some((v) => v.path === command.row.path && sameValue(v.value, command.row.value))) continue;
      this.finish(command, 'CONFIRMED', 200, null).catch((err) => this.ctx.log.error('command confirmation could not be stored', { error: err }));
    }
  }

  private async deliverQueued(bridge: BridgeIdentity): Promise<void> {
    if (this.delivering.has(bridge.id)) return;
    this.delivering.add(bridge.id);
    try {
      await this.deliverEachQueued(bridge);
    } finally {
      this.delivering.delete(bridge.id);
    }
  }

  private async deliverEachQueued(bridge: BridgeIdentity): Promise<void> {
    for (const row of await queuedOf(this.ctx.db, bridge.id)) {
      if (row.expiresAtMs !== null && row.expiresAtMs <= this.clock.now()) {
        await this.expire(row);
        continue;
      }
      const sent = { ...row, state: 'SENT' as const, statusCode: 202, updatedAtMs: this.clock.now() };
      await updateCommand(this.ctx.db, row.vesselId, row.requestId, sent);
      void this.deliver(sent, bridge.serial);
    }
  }

  /** A newer command for the same property takes the place of those still queued. */
  private async replaceOlderQueued(newer: CommandRow): Promise<void> {
    for (const row of await queuedOf(this.ctx.db, newer.bridgeId)) {
      if (row.propertyId !== newer.propertyId || row.requestId === newer.requestId) continue;
      const replaced = { ...row, state: 'REPLACED' as const, statusCode: 409, message: `Replaced by ${newer.requestId}`, updatedAtMs: this.clock.now() };
      await updateCommand(this.ctx.db, row.vesselId, row.requestId, replaced);
      this.announce(replaced);
    }
  }

  private async expire(row: CommandRow): Promise<CommandStatus> {
    const expired = {
      ...row,
      state: 'EXPIRED' as const,
      statusCode: 410,
      message: 'The vessel did not come back online in time',
      updatedAtMs: this.clock.now(),
    };
    await updateCommand(this.ctx.db, row.vesselId, row.requestId, expired);
    return this.announce(expired);
  }

  private transition(command: InFlight, state: CommandState, statusCode: number, message: string | null): Promise<void> {
    const row = { ...command.row, state, statusCode, message, updatedAtMs: this.clock.now() };
    command.row = row;
    const written = command.writes.then(async () => {
      await updateCommand(this.ctx.db, row.vesselId, row.requestId, row);
      this.announce(row);
    });
    command.writes = written.catch(() => {});
    return written;
  }

  /** The one way out of the in-flight set: the first final state wins, later ones are ignored. */
  private async finish(command: InFlight, state: CommandState, statusCode: number, message: string | null): Promise<void> {
    if (command.final) return;
    command.final = true;
    command.cancelTimer();
    this.inFlight.delete(`${command.row.bridgeId}/${command.row.requestId}`);
    try {
      await this.transition(command, state, statusCode, message);
    } finally {
      command.settle(commandStatusOf(command.row));
    }
  }

  private announce(row: CommandRow): CommandStatus {
    const status = commandStatusOf(row);
    this.ctx.events.emit('vessel.command', { vesselId: row.vesselId, status });
    return status;
  }
}
