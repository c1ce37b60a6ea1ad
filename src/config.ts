/**
 * The only reader of the environment. Everything else receives a typed, validated Config.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import Joi from 'joi';
import webPush from 'web-push';
import { DEFAULT_SYNCHRONOUS, type Synchronous } from './db/knex.js';

export interface Config {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  mqttPort: number;
  /** MQTT_PORT was set: a taken port is an error rather than a reason to pick the next one. */
  mqttPortExplicit: boolean;
  /** PEM certificate and key: bridges then connect over TLS on the MQTT port. */
  mqttTls: { cert: string; key: string } | null;
  /** `sqlite:<file>` / a plain file path, or a `postgres://` URL. */
  databaseUrl: string;
  /** SQLite: whether a commit (and so a PUBACK) survives an OS crash or power loss too (docs/protocol.md). */
  sqliteSynchronous: Synchronous;
  dataDir: string;
  smtpUrl: string | null;
  mailFrom: string;
  sessionSecret: string;
  /** How long a session lives without being revoked. */
  sessionTtlSeconds: number;
  demo: boolean;
  /** Demo data on while listening beyond loopback (only with DEMO=on): the server warns at start. */
  demoExposed: boolean;
  /** Simulated bridges started with the demo data (0 turns them off). */
  demoBridges: boolean;
  publicUrl: string;
  uploads: {
    imageMaxBytes: number;
    documentMaxBytes: number;
  };
  logLevel: 'debug' | 'info' | 'warn' | 'error' | 'silent';
  webDist: string;
  /**
   * Cameras may be fetched from private and loopback addresses (docs/decisions.md, "Cameras"):
   * on board they always are, but a cloud server fetching them would let a user reach the
   * server's own network. Off unless set, except in demo mode.
   */
  cameraAllowPrivate: boolean;
  /** An Open-Meteo-style forecast endpoint (docs/decisions.md, "Weather"); null: the vessels' own sensors only. */
  weatherUrl: string | null;
  /** The card payment provider (docs/payments.md): `test` accepts only test cards; `none` offers no card payment. */
  paymentProvider: 'test' | 'none';
  /** Web Push (docs/decisions.md, "Phone app"): the VAPID keys alarms are signed with, or null with PUSH=off. */
  push: { publicKey: string; privateKey: string; subject: string } | null;
  /**
   * Text messages and voice calls through a Twilio-compatible provider (docs/decisions.md, "SMS
   * and voice"; src/platform/sms.ts): SMS_PROVIDER_URL, SMS_ACCOUNT_SID, SMS_AUTH_TOKEN and
   * SMS_FROM, all four or none; null (the default): no SMS, no calls.
   */
  sms: { providerUrl: string; accountSid: string; authToken: string; from: string } | null;
  /** Bearer token of `GET /metrics` (docs/operations.md); null turns the endpoint off. */
  metricsToken: string | null;
  /** Scheduled backups: where, how often and how many are kept; null dir = none scheduled. */
  backup: { dir: string | null; everyMs: number; keep: number };
  /** How long each kind of record is kept before the pruner deletes it (docs/operations.md). */
  retention: {
    /** Rollups (history for charts) and the track. */
    historyDays: number;
    /** Raw history samples: never longer than historyDays. */
    rawDays: number;
    auditDays: number;
    outboxDays: number;
    errorReportDays: number;
  };
  /** REDIS_URL turns cluster mode on (docs/scaling.md): N nodes on one PostgreSQL share Redis; null = one process. */
  redisUrl: string | null;
  /** Every key, queue and channel of cluster mode starts with this (REDIS_PREFIX), so two products (or test runs) can share one Redis. */
  redisPrefix: string;
  /** Cluster mode only: a node that stops refreshing its bridges' presence for this long is dead, its bridges offline (docs/scaling.md). */
  presenceSeconds: number;
}

const schema = Joi.object({
  NODE_ENV: Joi.string().valid('development', 'production', 'test').default('development'),
  HOST: Joi.string().default('127.0.0.1'),
  PORT: Joi.number().integer().min(0).max(65535).default(8080),
  MQTT_PORT: Joi.number().integer().min(0).max(65535).default(1883),
  MQTT_TLS_CERT: Joi.string().allow(''),
  MQTT_TLS_KEY: Joi.string().allow(''),
  DATABASE_URL: Joi.string().default('./data/vessel-link.db'),
  SQLITE_SYNCHRONOUS: Joi.string()
    .lowercase()
    .valid('full', 'normal')
    .empty('')
    .default(DEFAULT_SYNCHRONOUS)
    .messages({ 'any.only': 'SQLITE_SYNCHRONOUS must be full or normal (docs/operations.md), not {:#value}' }),
  DATA_DIR: Joi.string().default('./data'),
  SMTP_URL: Joi.string()
    .uri({ scheme: ['smtp', 'smtps'] })
    .allow(''),
  MAIL_FROM: Joi.string().default('Vessel Link <no-reply@vessel-link.local>'),
  SESSION_SECRET: Joi.string().min(32).allow(''),
  SESSION_TTL_HOURS: Joi.number()
    .min(1)
    .max(24 * 90)
    .default(24 * 7),
  DEMO: Joi.string().valid('on', 'off', 'true', 'false', '1', '0'),
  CAMERA_ALLOW_PRIVATE: Joi.string().valid('on', 'off'),
  WEATHER_URL: Joi.string()
    .uri({ scheme: ['http', 'https'] })
    .allow(''),
  DEMO_BRIDGES: Joi.number().integer().min(0).max(1),
  PUBLIC_URL: Joi.string().uri({ scheme: ['http', 'https'] }),
  UPLOAD_IMAGE_MAX_BYTES: Joi.number()
    .integer()
    .min(1024)
    .default(5 * 1024 * 1024),
  UPLOAD_DOCUMENT_MAX_BYTES: Joi.number()
    .integer()
    .min(1024)
    .default(20 * 1024 * 1024),
  LOG_LEVEL: Joi.string().valid('debug', 'info', 'warn', 'error', 'silent'),
  PAYMENT_PROVIDER: Joi.string().valid('test', 'none'),
  PUSH: Joi.string().valid('on', 'off').default('on'),
  METRICS_TOKEN: Joi.string().min(16).allow(''),
  SMS_PROVIDER_URL: Joi.string()
    .uri({ scheme: ['http', 'https'] })
    .allow('')
    .messages({
      'string.uri':
        'SMS_PROVIDER_URL must be the http(s) address of a Twilio-compatible API, e.g. https://api.twilio.com or http://127.0.0.1:8089 (npm run sms-standin)',
      'string.uriCustomScheme':
        'SMS_PROVIDER_URL must be the http(s) address of a Twilio-compatible API, e.g. https://api.twilio.com or http://127.0.0.1:8089 (npm run sms-standin)',
    }),
  SMS_ACCOUNT_SID: Joi.string()
    .pattern(/^[A-Za-z0-9]{2,64}$/)
    .allow('')
    .messages({ 'string.pattern.base': 'SMS_ACCOUNT_SID must be the account SID, letters and digits (e.g. AC0123…)' }),
  SMS_AUTH_TOKEN: Joi.string().min(16).allow('').messages({ 'string.min': 'SMS_AUTH_TOKEN must be the account auth token (at least 16 characters)' }),
  SMS_FROM: Joi.string()
    .pattern(/^\+[1-9]\d{6,14}$/)
    .allow('')
    .messages({ 'string.pattern.base': 'SMS_FROM must be the sending number in E.164 form, e.g. +447700900000' }),
  BACKUP_DIR: Joi.string().allow(''),
  BACKUP_EVERY: Joi.string()
    .pattern(/^\d+(m|h|d)$/)
    .message('BACKUP_EVERY is a number of minutes, hours or days, e.g. 30m, 6h, 1d')
    .default('1d'),
  BACKUP_KEEP: Joi.number().integer().min(1).max(1000).default(7),
  RETENTION_HISTORY_DAYS: Joi.number().integer().min(1).default(400),
  RETENTION_RAW_DAYS: Joi.number().integer().min(1).default(90),
  RETENTION_AUDIT_DAYS: Joi.number().integer().min(1).default(400),
  RETENTION_OUTBOX_DAYS: Joi.number().integer().min(1).default(30),
  RETENTION_ERROR_REPORTS_DAYS: Joi.number().integer().min(1).default(90),
  REDIS_URL: Joi.string()
    .uri({ scheme: ['redis', 'rediss'] })
    .allow(''),
  REDIS_PREFIX: Joi.string()
    .pattern(/^[A-Za-z0-9_.-]+$/)
    .default('vessel-link'),
  CLUSTER_PRESENCE_SECONDS: Joi.number().integer().min(2).max(3600).default(30),
}).unknown(true);

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const { error, value } = schema.validate(env, { abortEarly: true, convert: true });
  if (error) throw new ConfigError(`Invalid configuration: ${error.message}`);
  // Every node of a cluster signs and checks sessions (and bridge secrets) with one secret; a
  // secret generated into each node's own data folder would make a session valid on one node only.
  if (value.REDIS_URL && !value.SESSION_SECRET) {
    throw new ConfigError('Invalid configuration: SESSION_SECRET must be set in cluster mode (REDIS_URL), the same on every node');
  }
  // A scheme we do not know is a typo (`postgress://`), never a file name to create a database in.
  const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(value.DATABASE_URL)?.[1];
  if (scheme && !['postgres', 'postgresql', 'sqlite'].includes(scheme.toLowerCase())) {
    throw new ConfigError(
      `Invalid configuration: DATABASE_URL starts with "${scheme}://", which is no database Vessel Link knows: use postgres://… for PostgreSQL, or a file path (or sqlite:…) for SQLite`,
    );
  }
  const sms = smsOf(value);
  const dataDir = resolve(value.DATA_DIR);
  const nodeEnv = value.NODE_ENV as Config['env'];
  // Demo data (with a demo administrator whose password is published) is on by default only where
  // nobody else can reach it: outside production, listening on loopback.
  const loopback = isLoopback(value.HOST);
  const demo = value.DEMO === undefined ? nodeEnv !== 'production' && loopback : ['on', 'true', '1'].includes(value.DEMO);
  const port = value.PORT as number;
  return {
    env: nodeEnv,
    host: value.HOST,
    port,
    mqttPort: value.MQTT_PORT,
    mqttPortExplicit: env.MQTT_PORT !== undefined && env.MQTT_PORT !== '',
    mqttTls: tlsFiles(value.MQTT_TLS_CERT, value.MQTT_TLS_KEY),
    databaseUrl: value.DATABASE_URL,
    sqliteSynchronous: value.SQLITE_SYNCHRONOUS,
    dataDir,
    smtpUrl: value.SMTP_URL || null,
    mailFrom: value.MAIL_FROM,
    sessionSecret: value.SESSION_SECRET || persistedSecret(dataDir),
    sessionTtlSeconds: Math.round(value.SESSION_TTL_HOURS * 3600),
    demo,
    demoExposed: demo && !loopback,
    demoBridges: demo && value.DEMO_BRIDGES !== 0,
    publicUrl: value.PUBLIC_URL ?? `http://localhost:${port}`,
    uploads: {
      imageMaxBytes: value.UPLOAD_IMAGE_MAX_BYTES,
      documentMaxBytes: value.UPLOAD_DOCUMENT_MAX_BYTES,
    },
    logLevel: value.LOG_LEVEL ?? (nodeEnv === 'test' ? 'silent' : 'info'),
    webDist: resolve('web/dist'),
    // The test provider takes no money, so production offers card payment only when told to.
    // Demo mode lets the demo's cameras on loopback be fetched, but never in production, where
    // DEMO=on is a showcase on a real network: private addresses there need CAMERA_ALLOW_PRIVATE=on.
    cameraAllowPrivate: value.CAMERA_ALLOW_PRIVATE === undefined ? demo && nodeEnv !== 'production' : value.CAMERA_ALLOW_PRIVATE === 'on',
    weatherUrl: value.WEATHER_URL || null,
    paymentProvider: value.PAYMENT_PROVIDER ?? (nodeEnv === 'production' ? 'none' : 'test'),
    push: value.PUSH === 'on' ? { ...persistedVapidKeys(dataDir), subject: vapidSubject(value.PUBLIC_URL) } : null,
    sms,
    metricsToken: value.METRICS_TOKEN || null,
    backup: { dir: value.BACKUP_DIR ? resolve(value.BACKUP_DIR) : null, everyMs: durationMs(value.BACKUP_EVERY), keep: value.BACKUP_KEEP },
    retention: {
      historyDays: value.RETENTION_HISTORY_DAYS,
      rawDays: Math.min(value.RETENTION_RAW_DAYS, value.RETENTION_HISTORY_DAYS),
      auditDays: value.RETENTION_AUDIT_DAYS,
      outboxDays: value.RETENTION_OUTBOX_DAYS,
      errorReportDays: value.RETENTION_ERROR_REPORTS_DAYS,
    },
    redisUrl: value.REDIS_URL || null,
    redisPrefix: value.REDIS_PREFIX,
    presenceSeconds: value.CLUSTER_PRESENCE_SECONDS,
  };
}

const SMS_VARIABLES = ['SMS_PROVIDER_URL', 'SMS_ACCOUNT_SID', 'SMS_AUTH_TOKEN', 'SMS_FROM'] as const;

/** The SMS provider: all four variables or none (off). */
function smsOf(value: Record<string, string | undefined>): Config['sms'] {
  const missing = SMS_VARIABLES.filter((name) => !value[name]);
  if (missing.length === SMS_VARIABLES.length) return null;
  if (missing.length)
    throw new ConfigError(`Invalid configuration: SMS needs ${SMS_VARIABLES.join(', ')} together (README, "SMS and voice"); missing ${missing.join(', ')}`);
  return {
    providerUrl: value.SMS_PROVIDER_URL!.replace(/\/+$/, ''),
    accountSid: value.SMS_ACCOUNT_SID!,
    authToken: value.SMS_AUTH_TOKEN!,
    from: value.SMS_FROM!,
  };
}

const UNIT_MS = { m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

/** `30m`, `6h`, `1d` in milliseconds. */
function durationMs(text: string): number {
  const unit = text.slice(-1) as keyof typeof UNIT_MS;
  return Number.parseInt(text, 10) * UNIT_MS[unit];
}

export function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

/** Both TLS files or neither; each must be readable PEM. */
function tlsFiles(certFile: string | undefined, keyFile: string | undefined): Config['mqttTls'] {
  if (!certFile && !keyFile) return null;
  if (!certFile || !keyFile) throw new ConfigError('Invalid configuration: MQTT_TLS_CERT and MQTT_TLS_KEY must be set together');
  const read = (name: string, file: string) => {
    try {
      return readFileSync(file, 'utf8');
    } catch (err) {
      throw new ConfigError(`Invalid configuration: ${name} cannot be read (${(err as NodeJS.ErrnoException).code ?? 'error'}: ${file})`);
    }
  };
  const cert = read('MQTT_TLS_CERT', certFile);
  const key = read('MQTT_TLS_KEY', keyFile);
  if (!cert.includes('-----BEGIN CERTIFICATE-----')) throw new ConfigError('Invalid configuration: MQTT_TLS_CERT is not a PEM certificate');
  if (!/-----BEGIN [A-Z ]*PRIVATE KEY-----/.test(key)) throw new ConfigError('Invalid configuration: MQTT_TLS_KEY is not a PEM private key');
  return { cert, key };
}

/** The files the configuration generates into an empty data folder on first start (a restore replaces them). */
export const GENERATED_DATA_FILES = ['session-secret', 'vapid-keys'] as const;

/** A secret generated on first start and kept in the data folder, so sessions survive restarts. */
function persistedSecret(dataDir: string): string {
  return persisted(resolve(dataDir, GENERATED_DATA_FILES[0]), () => randomBytes(48).toString('base64url'));
}

/**
 * The VAPID key pair, generated on first start like the session secret: a phone's subscription
 * is bound to the public key, so a new pair would silently orphan every subscribed device.
 */
function persistedVapidKeys(dataDir: string): { publicKey: string; privateKey: string } {
  const [publicKey, privateKey] = persisted(resolve(dataDir, GENERATED_DATA_FILES[1]), () => {
    const keys = webPush.generateVAPIDKeys();
    return `${keys.publicKey} ${keys.privateKey}`;
  }).split(' ');
  return { publicKey, privateKey };
}

/** Push services want a way to reach the sender: the public https address, or a mail address. */
const vapidSubject = (publicUrl: string | undefined) => (publicUrl?.startsWith('https://') ? publicUrl : 'mailto:no-reply@vessel-link.local');

function persisted(file: string, generate: () => string): string {
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const value = generate();
  try {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, value + '\n', { mode: 0o600 });
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code ?? (err as Error).message;
    throw new ConfigError(`DATA_DIR: ${dirname(file)} cannot be created or written by this process (${code}); fix its owner or point DATA_DIR elsewhere`);
  }
  return value;
}
