/**
 * The only reader of the environment. Everything else receives a typed, validated Config.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import Joi from 'joi';

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
}

const schema = Joi.object({
  NODE_ENV: Joi.string().valid('development', 'production', 'test').default('development'),
  HOST: Joi.string().default('127.0.0.1'),
  PORT: Joi.number().integer().min(0).max(65535).default(8080),
  MQTT_PORT: Joi.number().integer().min(0).max(65535).default(1883),
  MQTT_TLS_CERT: Joi.string().allow(''),
  MQTT_TLS_KEY: Joi.string().allow(''),
  DATABASE_URL: Joi.string().default('./data/vessel-link.db'),
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
}).unknown(true);

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const { error, value } = schema.validate(env, { abortEarly: true, convert: true });
  if (error) throw new ConfigError(`Invalid configuration: ${error.message}`);
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
  };
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

/** A secret generated on first start and kept in the data folder, so sessions survive restarts. */
function persistedSecret(dataDir: string): string {
  const file = resolve(dataDir, 'session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dirname(file), { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret + '\n', { mode: 0o600 });
  return secret;
}
