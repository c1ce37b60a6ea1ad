/**
 * Scheduled work that must happen once, not once per server (docs/decisions.md, "Scheduled work
 * once per cluster"): the sweeps of the modules (alarm escalation and silences, command expiry,
 * rollouts, renewals, digests, reminders, monthly alarm reports, retention, backups) register here
 * by name.
 *
 * - One process (no REDIS_URL): a timer per task, as before; a run still going when the next is
 *   due is not doubled.
 * - Cluster mode: a BullMQ job scheduler per task name in Redis, so N nodes registering the same
 *   name make one schedule, and a worker on every node; each due run is one job, which one node
 *   takes.
 *
 * Work that belongs to one node's memory (flushing its bridges' activity, held-back alarm
 * groups, live-stream heartbeats, its commands' answer timeouts) keeps its own timers.
 */
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Job, Queue, Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import type { Logger } from './logger.js';
import { connectRedis, type RedisWatch } from './redis.js';

/** The longest a node may take to register its schedules before another may go ahead. */
const LOCK_MS = 10_000;

/** The shortest time a run's mark holds its task against a second run (longer for longer periods). */
const MIN_RUN_MARK_MS = 30_000;
/** Deletes KEYS[1] if it holds ARGV[1]. */
const RELEASE_SCRIPT = "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end";

/** What a run is told: when it was due (ms). */
export interface Run {
  dueMs: number;
}

export type Task = (run: Run) => Promise<unknown>;

export interface EveryOptions {
  /** Also run once when this process starts (one process only; a cluster's schedule runs its first job at once). */
  atStart?: boolean;
  /** Also run once this long after this process starts (one process only), for upkeep that must not compete with a restart's reconnect storm. */
  firstAfterMs?: number;
}

export interface Scheduler {
  /** Runs `task` every `ms` from the start, once per cluster. Names are unique; register before `start`. */
  every(name: string, ms: number, task: Task, options?: EveryOptions): void;
  start(): Promise<void>;
  /** Stops taking runs and waits for those under way. */
  stop(): Promise<void>;
}

interface Entry {
  ms: number;
  task: Task;
  options: EveryOptions;
}

abstract class Registry {
  protected readonly entries = new Map<string, Entry>();

  constructor(protected readonly log: Logger) {}

  every(name: string, ms: number, task: Task, options: EveryOptions = {}): void {
    if (this.entries.has(name)) throw new Error(`a scheduled task is already called ${name}`);
    this.entries.set(name, { ms, task, options });
  }

  protected async runLogged(name: string, task: Task, run: Run): Promise<void> {
    try {
      await task(run);
    } catch (err) {
      this.log.error('scheduled task failed', { task: name, error: err });
    }
  }
}

/** One process: a timer per task. */
export class LocalScheduler extends Registry implements Scheduler {
  private readonly timers: NodeJS.Timeout[] = [];
  private readonly running = new Map<string, Promise<void>>();

  async start(): Promise<void> {
    for (const [name, { ms, task, options }] of this.entries) {
      if (options.atStart) this.fire(name, task);
      if (options.firstAfterMs !== undefined) {
        const first = setTimeout(() => this.fire(name, task), options.firstAfterMs);
        first.unref();
        this.timers.push(first);
      }
      const timer = setInterval(() => this.fire(name, task), ms);
      timer.unref();
      this.timers.push(timer);
    }
  }

  async stop(): Promise<void> {
    for (const timer of this.timers.splice(0)) clearInterval(timer);
    await Promise.all(this.running.values());
  }

  private fire(name: string, task: Task): void {
    if (this.running.has(name)) return;
    const run = this.runLogged(name, task, { dueMs: Date.now() }).finally(() => this.running.delete(name));
    this.running.set(name, run);
  }
}

/** Cluster mode: BullMQ job schedulers in Redis under `prefix`, a worker on every node. */
export class QueueScheduler extends Registry implements Scheduler {
  static readonly QUEUE = 'scheduled';
  private queue: Queue | null = null;
  private worker: Worker | null = null;
  private readonly connections: Redis[] = [];
  /** The commands connection (registration lock, running marks). */
  private redis: Redis | null = null;

  constructor(
    private readonly redisUrl: string,
    private readonly prefix: string,
    log: Logger,
    private readonly watch: RedisWatch | null = null,
  ) {
    super(log);
  }

  async start(): Promise<void> {
    // Loaded here: a node without Redis, and the CLI, never need BullMQ (a quarter of a second to load).
    const { Queue, Worker } = await import('bullmq');
    const connection = this.connect('scheduler');
    this.redis = connection;
    this.queue = new Queue(QueueScheduler.QUEUE, { connection, prefix: this.prefix });
    this.queue.on('error', (err) => this.log.error('the scheduled work queue failed', { error: err }));
    await this.whileLocked(connection, () => this.register(this.queue!));
    this.worker = new Worker(QueueScheduler.QUEUE, (job) => this.process(job), {
      connection: this.connect('scheduler-worker', { forBlocking: true }),
      prefix: this.prefix,
      concurrency: Math.max(1, this.entries.size),
    });
    this.worker.on('error', (err) => this.log.error('the scheduled work queue failed', { error: err }));
  }

  async stop(): Promise<void> {
    await this.worker?.close();
    await this.queue?.close();
    // Connections handed in are the caller's to close.
    await Promise.all(this.connections.splice(0).map((c) => c.quit().catch(() => c.disconnect())));
    this.worker = null;
    this.queue = null;
    this.redis = null;
  }

  /**
   * The schedules by task name, the same on every node: a node finding its task already scheduled
   * every `ms` leaves it alone, since upserting it again would start its period afresh (and run
   * it at once). A schedule this version no longer has is removed rather than left piling up jobs.
   */
  private async register(queue: Queue): Promise<void> {
    for (const [name, { ms }] of this.entries) {
      if ((await queue.getJobScheduler(name))?.every === ms) continue;
      await queue.upsertJobScheduler(name, { every: ms }, { name, opts: { removeOnComplete: true, removeOnFail: 100 } });
    }
    for (const scheduler of await queue.getJobSchedulers()) {
      if (!this.entries.has(scheduler.key)) await queue.removeJobScheduler(scheduler.key);
    }
  }

  /** Runs `work` while holding the cluster's registration lock, so nodes starting together register one after the other. */
  private async whileLocked(connection: Redis, work: () => Promise<void>): Promise<void> {
    const lock = `${this.prefix}:${QueueScheduler.QUEUE}:registering`;
    const token = randomUUID();
    while ((await connection.set(lock, token, 'PX', LOCK_MS, 'NX')) !== 'OK') await sleep(50);
    try {
      await work();
    } finally {
      await this.releaseIfOwn(lock, token);
    }
  }

  private connect(name: string, options?: { forBlocking?: boolean }): Redis {
    const connection = connectRedis(this.redisUrl, name, { ...options, watch: this.watch });
    this.connections.push(connection);
    return connection;
  }

  private async process(job: Job): Promise<void> {
    const entry = this.entries.get(job.name);
    // A job of a task another version registered: nothing to run here.
    if (!entry || !this.redis) return;
    // As in one process, a run still going when the next is due (on any node) is not doubled; the
    // mark expires by itself should its node die mid-run.
    const running = `${this.prefix}:${QueueScheduler.QUEUE}:running:${job.name}`;
    const token = randomUUID();
    if ((await this.redis.set(running, token, 'PX', Math.max(entry.ms, MIN_RUN_MARK_MS), 'NX')) !== 'OK') return;
    try {
      await this.runLogged(job.name, entry.task, { dueMs: job.opts.prevMillis ?? job.timestamp });
    } finally {
      await this.releaseIfOwn(running, token);
    }
  }

  /** Deletes `key` only while it still holds `token` (not a mark that expired and another node set since). */
  private async releaseIfOwn(key: string, token: string): Promise<void> {
    await this.redis?.eval(RELEASE_SCRIPT, 1, key, token);
  }
}

/** The scheduler of a configuration: in Redis when REDIS_URL is set, timers otherwise. */
export function schedulerFor(redis: { url: string; prefix: string } | null, log: Logger, watch: RedisWatch | null = null): Scheduler {
  return redis ? new QueueScheduler(redis.url, redis.prefix, log, watch) : new LocalScheduler(log);
}
