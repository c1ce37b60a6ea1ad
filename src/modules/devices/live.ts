/**
 * The live stream of a vessel (contracts/live.ts): server-sent events relaying what the event
 * bus announces — a committed batch, inventory changes, online state, alerts, command states —
 * to every member allowed to see each kind. The streams listen on the bus once, not once each:
 * an event is looked at once and written to the open streams of its vessel, and the devices
 * push is queried once per change for all of them. Every 15 s a keepalive comment goes out and
 * the session and the member's permissions are checked again; the stream ends when either is
 * gone, when the user is suspended, and when the server stops.
 */
import Boom from '@hapi/boom';
import type { Request } from '@hapi/hapi';
import type { LiveEventMap, LiveEventName } from '../../../contracts/live.js';
import type { AppContext } from '../../platform/context.js';
import { EventStream } from '../../platform/event-stream.js';
import { bridgeOfVessel } from '../bridges/api.js';
import { type AccessApi, ALERTS_VIEW, allows, DEVICES_VIEW, type VesselAccess } from '../access/api.js';
import { devicesWithValues } from './service.js';

export { EventStream };

const KEEPALIVE_MS = 15_000;

/** A stream shows what happens on every node of a cluster (docs/scaling.md), not only on its own. */
const CLUSTER = { cluster: true };

/** Streams one user may hold open across all vessels: each holds a connection and a timer. */
export const MAX_STREAMS_PER_USER = 10;

interface Rights {
  values: boolean;
  alerts: boolean;
}

const rightsOf = (access: VesselAccess): Rights => ({
  values: allows(access, DEVICES_VIEW),
  alerts: allows(access, ALERTS_VIEW),
});

/** The user whose session the request still carries, or null once the session is revoked or the user suspended. */
export type SessionCheck = (request: Request) => Promise<number | null>;

/** The member's current access to the vessel (the access module's `accessOf`), asked again on every keepalive. */
export type AccessCheck = AccessApi['accessOf'];

/** A vessel's device list as the `devices` event carries it. */
export type DevicesLoader = (vesselId: number) => Promise<unknown[]>;

const eventText = <K extends LiveEventName>(event: K, data: LiveEventMap[K]): string => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

interface OpenStream {
  userId: number;
  rights: Rights;
  send<K extends LiveEventName>(event: K, data: LiveEventMap[K]): void;
  /** An event already formatted by `eventText`. */
  write(text: string): void;
  /** Checks the session and access again now (a company changed the member's place). */
  recheck(): void;
  close(): void;
}

export class LiveStreams {
  /** Keepalive and re-check interval; tests shorten it. */
  keepaliveMs = KEEPALIVE_MS;
  private readonly byVessel = new Map<number, Set<OpenStream>>();
  private readonly perUser = new Map<number, number>();
  private readonly unsubscribe: Array<() => void>;

  constructor(
    private readonly ctx: AppContext,
    private readonly sessionUser: SessionCheck,
    private readonly accessOf: AccessCheck,
    /** Replaceable so that a test can make the devices query fail. */
    public loadDevices: DevicesLoader = async (vesselId) => {
      const bridge = await bridgeOfVessel(ctx.db, vesselId);
      return bridge ? devicesWithValues(ctx.db, bridge.id) : [];
    },
  ) {
    const { events } = ctx;
    this.unsubscribe = [
      events.on('vessel.batch', ({ vesselId, batch }) => this.broadcast(vesselId, 'values', 'batch', batch), CLUSTER),
      events.on('vessel.devices', ({ vesselId }) => void this.pushDevices(vesselId), CLUSTER),
      events.on(
        'bridge.online',
        ({ vesselId, online, lastSeen }) =>
          vesselId !== null && this.broadcast(vesselId, null, 'online', { online, lastSeen, staleSince: online ? null : lastSeen }),
        CLUSTER,
      ),
      events.on('vessel.alert', ({ vesselId, alert }) => this.broadcast(vesselId, 'alerts', 'alert', alert), CLUSTER),
      events.on('vessel.command', ({ vesselId, status }) => this.broadcast(vesselId, 'values', 'command', status), CLUSTER),
      events.on(
        'user.suspended',
        ({ userId }) => {
          for (const streams of this.byVessel.values()) for (const s of [...streams]) if (s.userId === userId) s.close();
        },
        CLUSTER,
      ),
      events.on(
        'company.staff',
        ({ userId }) => {
          for (const streams of this.byVessel.values()) for (const s of [...streams]) if (s.userId === userId) s.recheck();
        },
        CLUSTER,
      ),
    ];
  }

  /** Streams open now, over every vessel. */
  get open(): number {
    let open = 0;
    for (const streams of this.byVessel.values()) open += streams.size;
    return open;
  }

  /** Opens the stream for a caller whose access to the vessel was checked; 429 past the per-user limit. */
  async stream(request: Request, access: VesselAccess, userId: number): Promise<EventStream> {
    if ((this.perUser.get(userId) ?? 0) >= MAX_STREAMS_PER_USER) throw Boom.tooManyRequests(`At most ${MAX_STREAMS_PER_USER} live streams may be open at once`);
    this.perUser.set(userId, (this.perUser.get(userId) ?? 0) + 1);
    const vesselId = access.vesselId;
    const out = new EventStream();
    let closed = false;
    const recheck = () =>
      void this.stillAllowed(request, userId, vesselId).then(
        (current) => {
          if (!current) open.close();
          else open.rights = rightsOf(current);
        },
        (err) => this.ctx.log.warn('live stream check failed', { error: err }),
      );
    const timer = setInterval(() => {
      out.send(': keepalive\n\n');
      recheck();
    }, this.keepaliveMs);
    const open: OpenStream = {
      userId,
      rights: rightsOf(access),
      send: (event, data) => open.write(eventText(event, data)),
      write: (text) => {
        if (!closed) out.send(text);
      },
      recheck,
      close: () => {
        if (closed) return;
        closed = true;
        clearInterval(timer);
        const streams = this.byVessel.get(vesselId);
        streams?.delete(open);
        if (streams?.size === 0) this.byVessel.delete(vesselId);
        const count = (this.perUser.get(userId) ?? 1) - 1;
        if (count > 0) this.perUser.set(userId, count);
        else this.perUser.delete(userId);
        out.end();
      },
    };
    let streams = this.byVessel.get(vesselId);
    if (!streams) this.byVessel.set(vesselId, (streams = new Set()));
    streams.add(open);
    request.raw.res.once('close', open.close);
    out.once('close', open.close);

    try {
      const bridge = await bridgeOfVessel(this.ctx.db, vesselId);
      out.send('retry: 3000\n\n');
      const online = bridge?.online ?? false;
      const lastSeen = bridge?.lastSeen ?? null;
      open.send('hello', { vesselId, online, lastSeen, staleSince: online ? null : lastSeen });
    } catch (err) {
      open.close();
      throw err;
    }
    return out;
  }

  /** Ends every stream: the server is stopping. */
  closeAll(): void {
    for (const streams of [...this.byVessel.values()]) for (const s of [...streams]) s.close();
  }

  /** Stops listening on the bus. */
  stop(): void {
    this.closeAll();
    for (const off of this.unsubscribe) off();
  }

  /**
   * Writes an event to the vessel's streams allowed to see it (`right`, or all when null),
   * formatted once for all of them: a batch to a thousand streams is one JSON.stringify, not a
   * thousand (docs/performance.md, "Live stream fan-out").
   */
  private broadcast<K extends LiveEventName>(vesselId: number, right: keyof Rights | null, event: K, data: LiveEventMap[K]): void {
    const streams = this.byVessel.get(vesselId);
    if (!streams) return;
    let text: string | undefined;
    for (const s of streams) if (right === null || s.rights[right]) s.write((text ??= eventText(event, data)));
  }

  /** One query per inventory change, whatever the number of open streams; a failure is logged and the streams stay open. */
  private async pushDevices(vesselId: number): Promise<void> {
    const streams = this.byVessel.get(vesselId);
    if (!streams || ![...streams].some((s) => s.rights.values)) return;
    try {
      const devices = await this.loadDevices(vesselId);
      this.broadcast(vesselId, 'values', 'devices', { devices });
    } catch (err) {
      this.ctx.log.error('devices push failed', { vesselId, error: err });
    }
  }

  private async stillAllowed(request: Request, userId: number, vesselId: number): Promise<VesselAccess | null> {
    if ((await this.sessionUser(request)) !== userId) return null;
    const access = await this.accessOf(userId, vesselId);
    return access && !access.paused ? access : null;
  }
}
