/**
 * A Signal K server on board (signalk-server, Venus OS, ...): its whole model
 * (`GET /signalk/v1/api/vessels/self`) each time its stream opens, so that values it sent once and
 * never again (magnetic variation, a transducer's offset) arrive too, with every path's units and
 * description (its `meta`), then its WebSocket delta stream (`/signalk/v1/stream?subscribe=all`),
 * and its REST PUT API (`PUT /signalk/v1/api/vessels/self/<path with slashes>`) for the cloud's
 * commands. The access token (a device token from the server's security settings) goes as a
 * bearer token on all three. The stream is reopened when it drops; deltas about other vessels
 * (AIS) are ignored.
 */
import WebSocket from 'ws';
import type { SignalKDelta, SignalKUpdate } from '../../contracts/bridge';
import type { Logger } from '../client/logger';

/** Where a Signal K server answers: its REST API over http(s), its stream over ws(s), both without a trailing slash. */
export interface SignalKAddress {
  http: string;
  ws: string;
}

const SCHEMES: Record<string, { http: string; ws: string }> = {
  'http:': { http: 'http:', ws: 'ws:' },
  'ws:': { http: 'http:', ws: 'ws:' },
  'https:': { http: 'https:', ws: 'wss:' },
  'wss:': { http: 'https:', ws: 'wss:' },
};

/** signalk-server's own default port, for an address typed without one. */
const DEFAULT_PORT = 3000;

/**
 * Any way a user may type a Signal K server: `http://`, `https://`, `ws://`, `wss://` (a stream
 * or API address pasted whole: what comes from `/signalk` on is dropped, a proxy's prefix before
 * it kept), or a bare `host[:port]` (http, port 3000 when none). Undefined for anything else.
 */
export function signalKAddress(text: string): SignalKAddress | undefined {
  const typed = text.trim();
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(typed) ? typed : `http://${typed}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return undefined;
  }
  const schemes = SCHEMES[url.protocol];
  if (!schemes || !url.hostname || url.username || url.password) return undefined;
  if (withScheme !== typed && !url.port) url.port = String(DEFAULT_PORT);
  const prefix = url.pathname.replace(/\/signalk(\/.*)?$/, '').replace(/\/+$/, '');
  const at = (protocol: string) => `${protocol}//${url.host}${prefix}`;
  return { http: at(schemes.http), ws: at(schemes.ws) };
}

export interface SignalKSourceOptions {
  /** The Signal K server (signalKAddress). */
  address: SignalKAddress;
  token?: string;
  log: Logger;
  onDelta(delta: SignalKDelta): void;
  /** Reopening delay after the stream drops. Default 5000. */
  reconnectMs?: number;
  /** How long a PENDING PUT is followed before it counts as unanswered. Default 9000 (the cloud waits 10 s). */
  putTimeoutMs?: number;
}

/** A PUT's final outcome, in docs/protocol.md's status codes. */
export interface PutOutcome {
  statusCode: number;
  message?: string;
}

export interface SignalKReply {
  state?: string;
  statusCode?: number;
  message?: string;
  href?: string;
}

const POLL_MS = 250;

/** Signal K's answer to one of docs/protocol.md's codes: 200, 400, 403, 405 or 502. */
export function outcomeOf(reply: SignalKReply, httpStatus: number): PutOutcome {
  const code = reply.statusCode ?? httpStatus;
  const message = reply.message;
  if (code >= 200 && code < 300) return { statusCode: 200 };
  if (code === 400) return { statusCode: 400, message: message ?? 'The Signal K server refused the value' };
  if (code === 401 || code === 403) return { statusCode: 403, message: message ?? 'The Signal K server refused the access token' };
  if (code === 404 || code === 405) return { statusCode: 405, message: message ?? 'No device on board can write this path' };
  return { statusCode: 502, message: message ?? `The Signal K server answered ${code}` };
}

export class SignalKSource {
  private socket: WebSocket | undefined;
  private timer: NodeJS.Timeout | undefined;
  private closed = false;
  /** The server's own vessel context (`vessels.urn:mrn:...`), from its hello message. */
  private self: string | undefined;
  /** Since the stream opened: when each path was last streamed, so that the model read meanwhile does not step back. */
  private streamed = new Map<string, number>();

  constructor(private readonly options: SignalKSourceOptions) {}

  get describe(): string {
    return this.options.address.http;
  }

  open(): void {
    const { address, token, log } = this.options;
    const socket = new WebSocket(`${address.ws}/signalk/v1/stream?subscribe=all`, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
    this.socket = socket;
    this.streamed = new Map();
    socket.on('open', () => {
      log.info(`Signal K stream ${address.ws} open`);
      void this.readModel(socket);
    });
    socket.on('message', (data) => this.received(String(data)));
    socket.on('error', (error) => log.warn(`Signal K stream ${address.ws}: ${error.message}`));
    socket.on('close', () => {
      if (this.closed) return;
      this.timer = setTimeout(() => this.open(), this.options.reconnectMs ?? 5000);
    });
  }

  close(): void {
    this.closed = true;
    clearTimeout(this.timer);
    this.socket?.terminate();
  }

  /** Writes a value through the server's PUT API and follows a PENDING answer to its end. */
  async put(path: string, value: unknown): Promise<PutOutcome> {
    const base = this.options.address.http;
    const deadline = Date.now() + (this.options.putTimeoutMs ?? 9000);
    try {
      const response = await fetch(`${base}/signalk/v1/api/vessels/self/${path.split('.').map(encodeURIComponent).join('/')}`, {
        method: 'PUT',
        headers: this.headers(),
        body: JSON.stringify({ value }),
        signal: AbortSignal.timeout(deadline - Date.now()),
      });
      let reply = await this.replyOf(response);
      let status = response.status;
      while (reply.state === 'PENDING' && reply.href) {
        if (Date.now() + POLL_MS > deadline) return { statusCode: 502, message: 'The device on board did not answer in time' };
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
        const next = await fetch(`${base}${reply.href}`, { headers: this.headers(), signal: AbortSignal.timeout(deadline - Date.now()) });
        reply = await this.replyOf(next);
        status = next.status;
        if (reply.state === 'PENDING' && reply.statusCode === 202) continue;
      }
      return outcomeOf(reply, status);
    } catch (error) {
      return { statusCode: 502, message: `The Signal K server did not answer: ${(error as Error).message}` };
    }
  }

  /** The server's whole model of this vessel, as a delta of every value it holds (docs/bridge-agent.md, "Sources"). */
  private async readModel(socket: WebSocket): Promise<void> {
    const { address, log } = this.options;
    try {
      const response = await fetch(`${address.http}/signalk/v1/api/vessels/self`, { headers: this.headers(), signal: AbortSignal.timeout(10_000) });
      if (!response.ok) return log.warn(`Signal K model ${address.http}: the server answered ${response.status}`);
      const readings = flattenModel(await response.json(), new Date().toISOString());
      // The stream may have moved on while the model was read, or dropped (its next opening reads it again).
      if (socket !== this.socket || this.closed) return;
      const fresh = readings.filter(({ path, timestamp }) => Date.parse(timestamp) >= (this.streamed.get(path) ?? -Infinity));
      log.info(`Signal K model ${address.http}: ${readings.length} values`);
      const delta = modelDelta(readings, fresh);
      if (delta) this.options.onDelta(delta);
    } catch (error) {
      log.warn(`Signal K model ${address.http}: ${(error as Error).message}`);
    }
  }

  private headers(): Record<string, string> {
    const headers: Record<string, string> = { 'Content-Type': 'application/json' };
    if (this.options.token) headers.Authorization = `Bearer ${this.options.token}`;
    return headers;
  }

  private async replyOf(response: Response): Promise<SignalKReply> {
    const text = await response.text();
    try {
      const json: unknown = JSON.parse(text);
      return json && typeof json === 'object' ? (json as SignalKReply) : {};
    } catch {
      return { message: text.trim().slice(0, 200) || undefined };
    }
  }

  private received(text: string): void {
    let message: { self?: unknown; context?: unknown; updates?: unknown };
    try {
      message = JSON.parse(text) as typeof message;
    } catch {
      return this.options.log.debug('Signal K stream: a message that is not JSON was skipped');
    }
    if (typeof message.self === 'string') this.self = message.self;
    if (!Array.isArray(message.updates)) return;
    const context = message.context;
    if (context !== undefined && context !== 'vessels.self' && context !== this.self && context !== `vessels.${this.self}`) return;
    const updates = (message.updates as SignalKUpdate[])
      .filter((update) => Array.isArray(update.values))
      // The stream's `meta` is left out: the model read at each opening brings every path's units and description, checked.
      // So is the vessel's identity (`{"path": "", "value": {"name", "uuid", "mmsi"}}`, sent on every subscribe): not a value, and
      // a path the cloud refuses, with the whole message it comes in.
      .map(({ meta: _meta, ...update }) => ({ ...update, values: update.values.filter(({ path }) => typeof path === 'string' && path.length > 0) }))
      .filter((update) => update.values.length > 0);
    for (const update of updates) {
      const at = Date.parse(update.timestamp ?? '') || Date.now();
      for (const { path } of update.values) this.streamed.set(path, Math.max(at, this.streamed.get(path) ?? -Infinity));
    }
    if (updates.length > 0) this.options.onDelta({ context: 'vessels.self', updates });
  }
}

/**
 * A model's values as one delta (`fresh`: those to send, all by default), an update per source and
 * timestamp; every path's units and description (Signal K `meta`) go with the first update, those
 * of the values left out too. Undefined when there is nothing to send.
 */
export function modelDelta(readings: ModelValue[], fresh: ModelValue[] = readings): SignalKDelta | undefined {
  const updates = new Map<string, SignalKUpdate>();
  for (const { path, value, source, timestamp } of fresh) {
    const key = `${source}\u0000${timestamp}`;
    const update = updates.get(key) ?? { $source: source, timestamp, values: [] };
    updates.set(key, update);
    update.values.push({ path, value });
  }
  const sent = [...updates.values()];
  const meta = readings
    .filter(({ units, description }) => units !== undefined || description !== undefined)
    .map(({ path, units, description }) => ({ path, value: { units, description } }));
  if (meta.length > 0) {
    if (sent.length === 0) sent.push({ $source: readings[0].source, timestamp: readings[0].timestamp, values: [] });
    sent[0].meta = meta;
  }
  return sent.length > 0 ? { context: 'vessels.self', updates: sent } : undefined;
}

/** One value of the model, with its meta's units and description when it has them. */
export interface ModelValue {
  path: string;
  value: unknown;
  source: string;
  timestamp: string;
  units?: string;
  description?: string;
}

const isObject = (node: unknown): node is Record<string, unknown> => typeof node === 'object' && node !== null && !Array.isArray(node);

/**
 * A Signal K full model (`/signalk/v1/api/vessels/self`) as its values: every node with a `value`
 * is one (a position's `{latitude, longitude}` whole), with its `$source` (or its `source`'s
 * label), its timestamp (`fallbackTimestamp` when it has none) and its meta's units and
 * description. The vessel's own properties that are not values (name, mmsi, uuid) are left out.
 */
export function flattenModel(model: unknown, fallbackTimestamp: string): ModelValue[] {
  const values: ModelValue[] = [];
  const visit = (node: unknown, path: string[]) => {
    if (!isObject(node)) return;
    if ('value' in node && path.length > 0) {
      const meta = isObject(node.meta) ? node.meta : {};
      const source =
        typeof node.$source === 'string' ? node.$source : isObject(node.source) && typeof node.source.label === 'string' ? node.source.label : 'signalk';
      values.push({
        path: path.join('.'),
        value: node.value,
        source,
        timestamp: typeof node.timestamp === 'string' && Number.isFinite(Date.parse(node.timestamp)) ? node.timestamp : fallbackTimestamp,
        ...(typeof meta.units === 'string' ? { units: meta.units } : {}),
        ...(typeof meta.description === 'string' ? { description: meta.description } : {}),
      });
      return;
    }
    for (const [key, child] of Object.entries(node))
      if (key !== 'meta' && key !== 'values' && key !== '$source' && key !== 'source') visit(child, [...path, key]);
  };
  visit(model, []);
  return values;
}
