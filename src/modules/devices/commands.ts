/**
 * Commands to devices on board as Signal K PUT requests (BRIDGE.md): published to the bridge's
 * `put` topic, answered on `put/response` with an optional PENDING and then a final state.
 * Every state goes to the vessel's live stream; the caller gets the final one, or nothing when
 * the bridge did not answer in time.
 */
import { randomUUID } from 'node:crypto';
import type { BridgeBroker, BridgeMessage } from '../../mqtt/broker.js';
import { MalformedMessage } from '../../mqtt/broker.js';
import { COMMAND_TIMEOUT_MS, parsePutResponse, type PutRequest, type PutResponse } from '../../mqtt/protocol.js';
import type { AppContext } from '../../platform/context.js';

interface Pending {
  bridgeId: number;
  vesselId: number;
  propertyId: number;
  settle: (response: PutResponse | null) => void;
}

export class CommandService {
  /** How long to wait for a final answer; tests shorten it. */
  timeoutMs = COMMAND_TIMEOUT_MS;
  private readonly pending = new Map<string, Pending>();

  constructor(
    private readonly ctx: AppContext,
    private readonly broker: BridgeBroker,
  ) {}

  isOnline(serial: string): boolean {
    return this.broker.isConnected(serial);
  }

  /**
   * Sends a PUT and waits for the bridge's final answer; the response is null after the
   * timeout (the live stream then shows TIMEOUT).
   */
  async send(target: { vesselId: number; bridgeId: number; serial: string; propertyId: number; path: string; value: unknown }): Promise<{ requestId: string; response: PutResponse | null }> {
    const requestId = randomUUID();
    const answered = new Promise<PutResponse | null>((resolve) => {
      const timer = setTimeout(() => settle(null), this.timeoutMs);
      const settle = (response: PutResponse | null) => {
        clearTimeout(timer);
        this.pending.delete(requestId);
        resolve(response);
      };
      this.pending.set(requestId, { bridgeId: target.bridgeId, vesselId: target.vesselId, propertyId: target.propertyId, settle });
    });
    const request: PutRequest = { requestId, context: 'vessels.self', put: { path: target.path, value: target.value } };
    try {
      await this.broker.publish(target.serial, 'put', request);
    } catch (err) {
      this.pending.get(requestId)?.settle(null);
      throw err;
    }
    const response = await answered;
    if (!response) this.ctx.events.emit('vessel.command', { vesselId: target.vesselId, requestId, propertyId: target.propertyId, state: 'TIMEOUT', statusCode: 504 });
    return { requestId, response };
  }

  /** `put/response` topic. Answers to unknown or expired requests, or from another bridge, are ignored. */
  async onPutResponse(message: BridgeMessage): Promise<void> {
    const parsed = parsePutResponse(message.payload);
    if (!parsed.ok) throw new MalformedMessage(parsed.reason);
    const response = parsed.value;
    const pending = this.pending.get(response.requestId);
    if (!pending || pending.bridgeId !== message.bridge.id) {
      this.ctx.log.debug('answer to an unknown command', { serial: message.bridge.serial, requestId: response.requestId });
      return;
    }
    this.ctx.events.emit('vessel.command', {
      vesselId: pending.vesselId,
      requestId: response.requestId,
      propertyId: pending.propertyId,
      state: response.state,
      statusCode: response.statusCode,
      ...(response.message ? { message: response.message } : {}),
    });
    if (response.state !== 'PENDING') pending.settle(response);
  }

  /** Commands still waiting end as unanswered when the server stops. */
  stop(): void {
    for (const pending of [...this.pending.values()]) pending.settle(null);
  }
}
