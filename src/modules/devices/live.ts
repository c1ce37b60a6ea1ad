/**
 * The live stream of a vessel (docs/api-shapes.md): server-sent events relaying what the event
 * bus announces — values, inventory changes, online state, alerts, command states — to every
 * member allowed to see each kind. Every 15 s a keepalive comment goes out and the session and
 * the member's permissions are checked again; the stream ends when either is gone, when the
 * user is suspended, and when the server stops.
 */
import { PassThrough } from 'node:stream';
import type { Request } from '@hapi/hapi';
import type { AppContext } from '../../platform/context.js';
import type { EventMap } from '../../platform/events.js';
import { bridgeOfVessel } from '../bridges/api.js';
import { accessOf, allows, type VesselAccess } from '../vessel/api.js';
import * as repo from './repository.js';

const KEEPALIVE_MS = 15_000;

type LiveEvent = 'hello' | 'value' | 'devices' | 'online' | 'alert' | 'command';

interface Rights {
  values: boolean;
  alerts: boolean;
}

const rightsOf = (access: VesselAccess): Rights => ({
  values: allows(access, { area: 'deviceManager', level: 'VIEW' }),
  alerts: allows(access, { area: 'alertManager', level: 'VIEW' }),
});

/** The user whose session the request still carries, or null once the session is revoked or the user suspended. */
export type SessionCheck = (request: Request) => Promise<number | null>;

/**
 * The response stream. Browsers ask for gzip, and hapi compresses event streams; it hands the
 * compressor to a stream that offers `setCompressor`, so each event can be flushed through it
 * instead of waiting in the compression buffer.
 */
class EventStream extends PassThrough {
  private compressor: { flush(): void } | null = null;
  private flushing = false;

  setCompressor(compressor: { flush(): void }): void {
    this.compressor = compressor;
    this.flushSoon();
  }

  send(text: string): void {
    this.write(text);
    this.flushSoon();
  }

  /** The pipe hands text on asynchronously: flush once it has reached the compressor. */
  private flushSoon(): void {
    if (!this.compressor || this.flushing) return;
    this.flushing = true;
    setImmediate(() => {
      this.flushing = false;
      this.compressor?.flush();
    });
  }
}

export class LiveStreams {
  /** Keepalive and re-check interval; tests shorten it. */
  keepaliveMs = KEEPALIVE_MS;
  private readonly open = new Set<() => void>();

  constructor(
    private readonly ctx: AppContext,
    private readonly sessionUser: SessionCheck,
  ) {}

  /** Opens the stream for a caller whose access to the vessel was checked. */
  async stream(request: Request, access: VesselAccess, userId: number): Promise<EventStream> {
    const { db, events } = this.ctx;
    const vesselId = access.vesselId;
    const out = new EventStream();
    let rights = rightsOf(access);
    const send = (event: LiveEvent, data: unknown) => out.send(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);

    const bridge = await bridgeOfVessel(db, vesselId);
    out.send('retry: 3000\n\n');
    send('hello', { vesselId, online: bridge?.online ?? false, lastSeen: bridge?.lastSeen ?? null });

    const unsubscribe = [
      events.on('vessel.values', ({ vesselId: id, values }) => {
        if (id !== vesselId || !rights.values) return;
        for (const { deviceId, propertyId, path, value, timestamp } of values) send('value', { deviceId, propertyId, path, value, timestamp });
      }),
      events.on('vessel.devices', ({ vesselId: id }) => {
        if (id !== vesselId || !rights.values) return;
        void this.sendDevices(vesselId, (devices) => send('devices', { devices }));
      }),
      events.on('bridge.online', ({ vesselId: id, online, lastSeen }) => {
        if (id === vesselId) send('online', { online, lastSeen });
      }),
      events.on('vessel.alert', ({ vesselId: id, alert }) => {
        if (id === vesselId && rights.alerts) send('alert', alert);
      }),
      events.on('vessel.command', ({ vesselId: id, requestId, propertyId, state, statusCode, message }: EventMap['vessel.command']) => {
        if (id === vesselId && rights.values) send('command', { requestId, propertyId, state, statusCode, ...(message ? { message } : {}) });
      }),
      events.on('user.suspended', ({ userId: suspended }) => {
        if (suspended === userId) close();
      }),
    ];

    const timer = setInterval(() => {
      out.send(': keepalive\n\n');
      void this.stillAllowed(request, userId, vesselId).then(
        (access) => {
          if (!access) close();
          else rights = rightsOf(access);
        },
        (err) => this.ctx.log.warn('live stream check failed', { error: err }),
      );
    }, this.keepaliveMs);

    let closed = false;
    const close = () => {
      if (closed) return;
      closed = true;
      clearInterval(timer);
      for (const off of unsubscribe) off();
      this.open.delete(close);
      out.end();
    };
    this.open.add(close);
    request.raw.res.once('close', close);
    out.once('close', close);
    return out;
  }

  /** Ends every stream: the server is stopping. */
  closeAll(): void {
    for (const close of [...this.open]) close();
  }

  private async stillAllowed(request: Request, userId: number, vesselId: number): Promise<VesselAccess | null> {
    if ((await this.sessionUser(request)) !== userId) return null;
    const access = await accessOf(this.ctx.db, userId, vesselId);
    return access && !access.paused ? access : null;
  }

  private async sendDevices(vesselId: number, send: (devices: repo.Device[]) => void): Promise<void> {
    const bridge = await bridgeOfVessel(this.ctx.db, vesselId);
    send(bridge ? await repo.devicesOfBridge(this.ctx.db, bridge.id) : []);
  }
}
