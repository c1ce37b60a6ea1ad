/**
 * A Signal K server on board (signalk-server, Venus OS, ...): its WebSocket delta stream
 * (`/signalk/v1/stream?subscribe=all`) in, and its REST PUT API
 * (`PUT /signalk/v1/api/vessels/self/<path with slashes>`) for the cloud's commands. The access
 * token (a device token from the server's security settings) goes as a bearer token on both.
 * The stream is reopened when it drops; deltas about other vessels (AIS) are ignored.
 */
import WebSocket from 'ws';
import type { SignalKDelta, SignalKUpdate } from '../../contracts/bridge';
import type { Logger } from '../../simulator/logger';

export interface SignalKSourceOptions {
  /** http(s)://host:port of the Signal K server. */
  url: string;
  token?: string;
  log: Logger;
  onDelta(delta: SignalKDelta): void;
  /** Reopening delay after the stream drops. Default 5000. */
  reconnectMs?: number;
  /** How long a PENDING PUT is followed before it counts as unanswered. Default 9000 (the cloud waits 10 s). */
  putTimeoutMs?: number;
}

/** A PUT's final outcome, in BRIDGE.md's status codes. */
export interface PutOutcome {
  statusCode: number;
  message?: string;
}

interface SignalKReply {
  state?: string;
  statusCode?: number;
  message?: string;
  href?: string;
}

const POLL_MS = 250;

/** Signal K's answer to one of BRIDGE.md's codes: 200, 400, 403, 405 or 502. */
function outcomeOf(reply: SignalKReply, httpStatus: number): PutOutcome {
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

  constructor(private readonly options: SignalKSourceOptions) {}

  get describe(): string {
    return this.options.url;
  }

  open(): void {
    const { url, token, log } = this.options;
    const streamUrl = `${url.replace(/^http/, 'ws').replace(/\/$/, '')}/signalk/v1/stream?subscribe=all`;
    const socket = new WebSocket(streamUrl, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
    this.socket = socket;
    socket.on('open', () => log.info(`Signal K stream ${url} open`));
    socket.on('message', (data) => this.received(String(data)));
    socket.on('error', (error) => log.warn(`Signal K stream ${url}: ${error.message}`));
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
    const base = this.options.url.replace(/\/$/, '');
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
    const updates = (message.updates as Array<SignalKUpdate & { meta?: unknown }>)
      .filter((update) => Array.isArray(update.values) && update.values.length > 0)
      // Metadata updates (`meta`) are the server's own description: the cloud uses the schema's.
      .map(({ meta: _meta, ...update }) => update);
    if (updates.length > 0) this.options.onDelta({ context: 'vessels.self', updates });
  }
}
