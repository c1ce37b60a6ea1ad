/**
 * Cluster mode's bridge presence (docs/scaling.md): which node holds each bridge's connection.
 * A key per bridge in Redis names the connection (unique in the cluster) and the bridge's serial;
 * the node holding the connection sets it on connect, refreshes it while it lives, and deletes it
 * on disconnect only if it is still its own: a bridge that has since connected to another node
 * stays online. A node that dies stops refreshing: its keys expire after the presence time and
 * the other nodes take those bridges offline. The `bridges.online` column stays the one answer
 * to "is it online" for every query; these keys decide what is written there.
 */
import type { Redis } from 'ioredis';
import { connectRedis, type RedisWatch } from '../../platform/redis.js';

/** Deletes the key only when it still names this connection. */
const RELEASE = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0`;
/** Extends the key while it names this connection, sets it again if it expired meanwhile; never takes another connection's. */
const REFRESH = `local v = redis.call('GET', KEYS[1])
if v == false or v == ARGV[1] then redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2]) return 1 end
return 0`;

export interface Held {
  bridgeId: number;
  serial: string;
  connection: string;
}

export class Presence {
  private connection: Redis | null = null;
  private readonly keyPrefix: string;

  constructor(
    private readonly url: string,
    prefix: string,
    /** How long a key outlives the last refresh of its node. */
    readonly ttlMs: number,
    private readonly watch: RedisWatch | null,
  ) {
    this.keyPrefix = `${prefix}:presence:`;
  }

  /** Connected on first use: a server that is only initialised (the CLI, tests with `inject`) opens no connection. */
  private get redis(): Redis {
    if (!this.connection) {
      this.connection = connectRedis(this.url, 'presence', { watch: this.watch });
    }
    return this.connection;
  }

  async claim(held: Held): Promise<void> {
    await this.redis.set(this.key(held.bridgeId), valueOf(held), 'PX', this.ttlMs);
  }

  /** True when the key named this connection and is gone now; false when another connection holds the bridge. */
  async release(held: Held): Promise<boolean> {
    return Number(await this.redis.eval(RELEASE, 1, this.key(held.bridgeId), valueOf(held))) === 1;
  }

  async refresh(held: Held[]): Promise<void> {
    if (!held.length) return;
    const pipeline = this.redis.pipeline();
    for (const h of held) pipeline.eval(REFRESH, 1, this.key(h.bridgeId), valueOf(h), String(this.ttlMs));
    await pipeline.exec();
  }

  /** Whether each bridge has a live connection on some node. */
  async present(bridgeIds: number[]): Promise<boolean[]> {
    if (!bridgeIds.length) return [];
    const values = await this.redis.mget(bridgeIds.map((id) => this.key(id)));
    return values.map((v) => v !== null);
  }

  /** The serials of every bridge connected to some node. */
  async connectedSerials(): Promise<Set<string>> {
    const serials = new Set<string>();
    for await (const keys of this.redis.scanStream({ match: `${this.keyPrefix}*`, count: 1000 }) as AsyncIterable<string[]>) {
      if (!keys.length) continue;
      for (const value of await this.redis.mget(keys)) if (value) serials.add(value.slice(value.indexOf(' ') + 1));
    }
    return serials;
  }

  async close(): Promise<void> {
    await this.connection?.quit().catch(() => {});
    this.connection = null;
  }

  private key(bridgeId: number): string {
    return `${this.keyPrefix}${bridgeId}`;
  }
}

/** The key's value: the connection, then the serial (serials hold no spaces). */
const valueOf = (held: Held): string => `${held.connection} ${held.serial}`;
