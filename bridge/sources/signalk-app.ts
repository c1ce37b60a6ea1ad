/**
 * The Signal K server the bridge runs inside, as a server plugin (bridge/plugin.ts): its data read
 * through the plugin API rather than over the network. The same as a Signal K server reached from
 * outside (signalk.ts) otherwise: the whole model of the vessel (`app.signalk.self`, what
 * `GET /signalk/v1/api/vessels/self` answers) with every path's units and description, then every
 * delta about this vessel as the server applies it (`app.signalk.on('delta')`, AIS targets left
 * out), and the cloud's commands through the server's own PUT handling (`app.putSelfPath`, which
 * reaches whichever plugin or provider registered a handler for the path).
 *
 * The model is sent whenever the uplink (re)connects (`sendModel`, which the agent calls), not once
 * at start: values the server received once and never again (magnetic variation, a transducer's
 * offset, a value set in the admin UI) then reach the cloud after every outage too, and so do the
 * values received while the plugin started, before its first connect.
 */
import type { SignalKDelta, SignalKMeta, SignalKUpdate } from '../../contracts/bridge';
import type { Logger } from '../client/logger';
import { type PutOutcome, type SignalKReply, flattenModel, modelDelta, outcomeOf } from './signalk';

/** What this source uses of the `app` signalk-server hands its plugins (its server plugin API). */
export interface SignalKApp {
  /** `vessels.<self id>`: the context of this vessel's deltas. */
  selfContext?: string;
  selfId?: string;
  /** The server's full model: `self` is this vessel's tree; `delta` events carry every delta applied. */
  signalk: {
    self?: unknown;
    on(event: 'delta', listener: (delta: SignalKDelta) => void): unknown;
    removeListener(event: 'delta', listener: (delta: SignalKDelta) => void): unknown;
  };
  getPath?(path: string): unknown;
  /**
   * Writes a path through the server's PUT handling: resolves with the first reply (COMPLETED, or
   * PENDING followed by `updateCb` with the later ones).
   */
  putSelfPath(path: string, value: unknown, updateCb: (reply: SignalKReply) => void): Promise<SignalKReply> | SignalKReply | undefined;
}

export interface SignalKAppSourceOptions {
  app: SignalKApp;
  log: Logger;
  onDelta(delta: SignalKDelta): void;
  /** How long a PENDING PUT is followed before it counts as unanswered. Default 9000 (the cloud waits 10 s). */
  putTimeoutMs?: number;
}

const isObject = (node: unknown): node is Record<string, unknown> => typeof node === 'object' && node !== null && !Array.isArray(node);

/** Units and description of a `meta` entry, as strings or left out (the protocol refuses other types). */
function describedMeta(meta: unknown): SignalKMeta[] {
  if (!Array.isArray(meta)) return [];
  const described: SignalKMeta[] = [];
  for (const entry of meta) {
    if (!isObject(entry) || typeof entry.path !== 'string' || !entry.path || !isObject(entry.value)) continue;
    const { units, description } = entry.value;
    const value = { ...(typeof units === 'string' ? { units } : {}), ...(typeof description === 'string' ? { description } : {}) };
    if (Object.keys(value).length > 0) described.push({ path: entry.path, value });
  }
  return described;
}

export class SignalKAppSource {
  private listener: ((delta: SignalKDelta) => void) | undefined;

  constructor(private readonly options: SignalKAppSourceOptions) {}

  get describe(): string {
    return 'this Signal K server';
  }

  open(): void {
    const { app } = this.options;
    this.listener = (delta) => this.received(delta);
    app.signalk.on('delta', this.listener);
    this.options.log.info(`reading ${this.describe} through its plugin API`);
  }

  close(): void {
    if (this.listener) this.options.app.signalk.removeListener('delta', this.listener);
    this.listener = undefined;
  }

  /** The server's whole model of this vessel, every value with its units and description, as one delta. */
  sendModel(): void {
    if (!this.listener) return;
    const { app, log } = this.options;
    const self = app.signalk.self ?? (app.selfContext ? app.getPath?.(app.selfContext) : undefined);
    const readings = flattenModel(self, new Date().toISOString());
    log.info(`Signal K model ${this.describe}: ${readings.length} values`);
    const delta = modelDelta(readings);
    if (delta) this.options.onDelta(delta);
  }

  /** Writes a value through the server's PUT handling and waits for its final reply. */
  put(path: string, value: unknown): Promise<PutOutcome> {
    return new Promise((resolve) => {
      let done = false;
      const finish = (outcome: PutOutcome) => {
        if (done) return;
        done = true;
        clearTimeout(timer);
        resolve(outcome);
      };
      const replied = (reply: SignalKReply | undefined) => {
        if (!reply || reply.state === 'PENDING') return;
        finish(outcomeOf(reply, reply.statusCode ?? 502));
      };
      const timer = setTimeout(() => finish({ statusCode: 502, message: 'The device on board did not answer in time' }), this.options.putTimeoutMs ?? 9000);
      try {
        Promise.resolve(this.options.app.putSelfPath(path, value, replied)).then(replied, (error: Error) =>
          finish({ statusCode: 502, message: `The Signal K server failed the PUT: ${error.message}` }),
        );
      } catch (error) {
        finish({ statusCode: 502, message: `The Signal K server failed the PUT: ${(error as Error).message}` });
      }
    });
  }

  private received(delta: SignalKDelta): void {
    const { app } = this.options;
    const self = app.selfContext ?? (app.selfId ? `vessels.${app.selfId}` : undefined);
    if (delta.context !== undefined && delta.context !== 'vessels.self' && delta.context !== self) return;
    if (!Array.isArray(delta.updates)) return;
    const updates: SignalKUpdate[] = [];
    for (const update of delta.updates) {
      const values = Array.isArray(update.values) ? update.values.filter(({ path }) => typeof path === 'string' && path.length > 0) : [];
      const meta = describedMeta(update.meta);
      if (values.length === 0 && meta.length === 0) continue;
      updates.push({
        ...(update.$source !== undefined ? { $source: update.$source } : {}),
        ...(update.$source === undefined && update.source !== undefined ? { source: update.source } : {}),
        ...(update.timestamp !== undefined ? { timestamp: update.timestamp } : {}),
        values,
        ...(meta.length > 0 ? { meta } : {}),
      });
    }
    if (updates.length > 0) this.options.onDelta({ context: 'vessels.self', updates });
  }
}
