/**
 * The operator's figures (docs/operations.md, "Metrics"): the one file that speaks prom-client.
 * Modules announce what happened on the event bus (`ingest.batch`, `ingest.failed`,
 * `notification.delivered`, `vessel.command`, `vessel.alert`); the gauges read their source when
 * scraped (bridges connected, live streams open, the group commit's backlog, the database's size
 * and pool, Redis connections), handed in by `server.ts`. `GET /metrics` answers the Prometheus
 * text format to a bearer token compared in constant time. The dashboard and alert rules built on
 * these names are in ops/ (tests/ops/monitoring.test.ts holds them to this registry).
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import Boom from '@hapi/boom';
import type { ReqRefDefaults, Server } from '@hapi/hapi';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { isFinalCommandState } from '../../contracts/live.js';
import type { PoolUse } from '../db/knex.js';
import type { AppContext } from './context.js';
import { redisConnectionsUp } from './redis.js';
import { defineRoute } from './routes.js';

declare module '@hapi/hapi' {
  interface ServerApplicationState {
    metrics: Metrics;
  }
}

/** Figures read when Prometheus scrapes, from the modules that know them. */
export interface MetricSources {
  bridgesConnected: () => number;
  liveStreamsOpen: () => number;
  /** Bridge messages received and not yet committed. */
  groupCommitQueued: () => number;
  databaseBytes: () => Promise<number>;
  databasePool: () => PoolUse;
}

/** Wrong tokens per address before the endpoint refuses that address for a while. */
const TOKEN_ATTEMPTS = { points: 20, windowSeconds: 15 * 60 };

export class Metrics {
  readonly registry = new Registry();
  readonly messages = new Counter({ name: 'vessel_link_messages_ingested_total', help: 'Bridge delta messages stored', registers: [this.registry] });
  readonly values = new Counter({ name: 'vessel_link_values_ingested_total', help: 'Values stored from bridge deltas', registers: [this.registry] });
  readonly batchSize = new Histogram({
    name: 'vessel_link_group_commit_messages',
    help: 'Messages per group commit',
    buckets: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000],
    registers: [this.registry],
  });
  readonly batchSeconds = new Histogram({
    name: 'vessel_link_group_commit_seconds',
    help: 'Time to write one group commit',
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [this.registry],
  });
  readonly storeFailures = new Counter({
    name: 'vessel_link_ingest_store_failures_total',
    help: 'Writes of bridge messages that failed: a group commit, or a message of it retried alone',
    registers: [this.registry],
  });
  readonly pubackLag = new Histogram({
    name: 'vessel_link_puback_lag_seconds',
    help: 'From a bridge message received to its PUBACK',
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [this.registry],
  });
  readonly commands = new Counter({
    name: 'vessel_link_commands_total',
    help: 'Commands to devices by final state',
    labelNames: ['state'],
    registers: [this.registry],
  });
  readonly commandSeconds = new Histogram({
    name: 'vessel_link_command_round_trip_seconds',
    help: 'From a command sent to its final state',
    buckets: [0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 15],
    registers: [this.registry],
  });
  readonly http = new Counter({
    name: 'vessel_link_http_requests_total',
    help: 'HTTP requests by route and status',
    labelNames: ['method', 'route', 'status'],
    registers: [this.registry],
  });
  readonly httpSeconds = new Histogram({
    name: 'vessel_link_http_request_duration_seconds',
    help: 'From a request received to its response sent, by route and status',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });
  readonly alarms = new Counter({
    name: 'vessel_link_alarms_raised_total',
    help: 'Alarms raised by priority',
    labelNames: ['priority'],
    registers: [this.registry],
  });
  readonly notifications = new Counter({
    name: 'vessel_link_alarm_notifications_total',
    help: 'Alarm notices by channel and outcome: one per e-mail, push message, text message or voice call',
    labelNames: ['channel', 'outcome'],
    registers: [this.registry],
  });
  /** requestId → when the command was sent, until its final state. */
  private readonly sentAt = new Map<string, number>();

  constructor(sources: MetricSources) {
    const registers = [this.registry];
    new Gauge({
      name: 'vessel_link_bridges_connected',
      help: 'Bridges connected to the broker',
      registers,
      collect() {
        this.set(sources.bridgesConnected());
      },
    });
    new Gauge({
      name: 'vessel_link_live_streams_open',
      help: 'Live streams open to browsers',
      registers,
      collect() {
        this.set(sources.liveStreamsOpen());
      },
    });
    new Gauge({
      name: 'vessel_link_group_commit_queue_depth',
      help: 'Bridge messages received and not yet committed',
      registers,
      collect() {
        this.set(sources.groupCommitQueued());
      },
    });
    new Gauge({
      name: 'vessel_link_database_bytes',
      help: 'Size of the database',
      registers,
      async collect() {
        this.set(await sources.databaseBytes());
      },
    });
    new Gauge({
      name: 'vessel_link_database_pool_connections',
      help: 'Database connections of the pool, in use or free',
      labelNames: ['state'],
      registers,
      collect() {
        const { used, free } = sources.databasePool();
        this.set({ state: 'used' }, used);
        this.set({ state: 'free' }, free);
      },
    });
    new Gauge({
      name: 'vessel_link_database_pool_max_connections',
      help: 'The most connections the pool opens (1 on SQLite)',
      registers,
      collect() {
        this.set(sources.databasePool().max);
      },
    });
    new Gauge({
      name: 'vessel_link_database_pool_pending_acquires',
      help: 'Queries waiting for a database connection',
      registers,
      collect() {
        this.set(sources.databasePool().pending);
      },
    });
    new Gauge({
      name: 'vessel_link_redis_up',
      help: 'Cluster mode: 1 while the Redis connection of that name is ready, 0 while it is not',
      labelNames: ['connection'],
      registers,
      collect() {
        // Only the connections open now: one closed for good leaves no stale series behind.
        this.reset();
        for (const [connection, up] of redisConnectionsUp()) this.set({ connection }, up);
      },
    });
    // Node's own figures, among them nodejs_eventloop_lag_seconds and its percentiles.
    collectDefaultMetrics({ register: this.registry });
  }

  commandChanged(requestId: string, state: string, atMs: number): void {
    if (state === 'SENT') this.sentAt.set(requestId, atMs);
    if (!isFinalCommandState(state as Parameters<typeof isFinalCommandState>[0])) return;
    this.commands.inc({ state });
    const sent = this.sentAt.get(requestId);
    this.sentAt.delete(requestId);
    if (sent !== undefined) this.commandSeconds.observe(Math.max(0, atMs - sent) / 1000);
  }
}

/** Compares digests, so neither the comparison nor the lengths say how much of a token was right. */
function sameToken(given: string, expected: string): boolean {
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/** Listens for the figures on the bus and the server, and serves `GET /metrics`; the registry stays at `server.app.metrics`. */
export function registerMetrics(server: Server, ctx: AppContext, sources: MetricSources): void {
  const metrics = new Metrics(sources);
  server.app.metrics = metrics;
  const { events } = ctx;
  events.on('ingest.batch', ({ messages, values, seconds }) => {
    metrics.messages.inc(messages);
    metrics.values.inc(values);
    metrics.batchSize.observe(messages);
    metrics.batchSeconds.observe(seconds);
  });
  events.on('ingest.failed', () => metrics.storeFailures.inc());
  events.on('mqtt.acknowledged', ({ lagsMs }) => {
    for (const lagMs of lagsMs) metrics.pubackLag.observe(lagMs / 1000);
  });
  events.on('vessel.command', ({ status }) => metrics.commandChanged(status.requestId, status.state, Date.parse(status.updatedAt)));
  events.on('vessel.alert', ({ alert }) => {
    if (alert.change === 'raised') metrics.alarms.inc({ priority: String(alert.priority ?? 'unknown') });
  });
  events.on('notification.delivered', ({ channel, delivered, failed }) => {
    if (delivered) metrics.notifications.inc({ channel, outcome: 'delivered' }, delivered);
    if (failed) metrics.notifications.inc({ channel, outcome: 'failed' }, failed);
  });
  server.events.on('response', (request) => {
    const status = 'statusCode' in request.response ? request.response.statusCode : request.response.output.statusCode;
    // The route's pattern, not the path: one series per route, whatever ids it is called with.
    const labels = { method: request.method.toUpperCase(), route: request.route.path, status: String(status) };
    metrics.http.inc(labels);
    // hapi's timestamps, in whole milliseconds; a response never sent (the client went away) ends when the request does.
    const { received, responded, completed } = request.info;
    metrics.httpSeconds.observe(labels, Math.max(0, (responded || completed) - received) / 1000);
  });

  const token = ctx.config.metricsToken;
  const attempts = ctx.limits.limiter('metrics.token', TOKEN_ATTEMPTS);
  server.route(
    defineRoute<ReqRefDefaults>({
      method: 'GET',
      path: '/metrics',
      options: {
        auth: false,
        plugins: { envelope: false },
        description: 'Prometheus metrics; Authorization: Bearer METRICS_TOKEN',
        async handler(request, h) {
          if (!token) throw Boom.notFound('Metrics are off: set METRICS_TOKEN to turn them on');
          const given = /^Bearer (.+)$/i.exec(String(request.headers.authorization ?? ''))?.[1] ?? '';
          if (!sameToken(given, token)) {
            await attempts.consume(String(request.info.remoteAddress));
            throw Boom.unauthorized('A valid metrics token is required');
          }
          return h.response(await metrics.registry.metrics()).type(metrics.registry.contentType);
        },
      },
    }),
  );
}
