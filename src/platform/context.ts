import type { Config } from '../config.js';
import type { ServerClock } from './clock.js';
import type { Database } from '../db/knex.js';
import type { WriteHealth } from '../db/write-health.js';
import type { EventBus } from './events.js';
import type { Logger } from './logger.js';
import type { Mailer } from './mail.js';
import type { RateLimits } from './rate-limit.js';
import type { RedisWatch } from './redis.js';
import type { Scheduler } from './scheduler.js';

/** What every module plugin receives: the shared infrastructure, nothing module-specific. */
export interface AppContext {
  config: Config;
  db: Database;
  /** Whether the database takes writes (a full disk, a read-only database): readiness and the broker ask it. */
  writes: WriteHealth;
  log: Logger;
  events: EventBus;
  mail: Mailer;
  /** Rate limits shared by every module (one counter per limiter name). */
  limits: RateLimits;
  /** Periodic work done once per cluster (timers in one process, a job queue with REDIS_URL); it starts with the server. */
  scheduler: Scheduler;
  /** Cluster mode's Redis connections and their state (platform/redis.ts); null without REDIS_URL. */
  redis: RedisWatch | null;
  /** The server's one clock (platform/clock.ts): every module reads the time and sets its timers on it; tests move it. */
  clock: ServerClock;
}

export interface ModuleOptions {
  ctx: AppContext;
}
