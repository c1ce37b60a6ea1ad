/**
 * Logging on pino: JSON lines, redaction by path (never by a guess at key names, which hid
 * `statusCode` and `countryCode`), errors with their code and stack. Request logs come from
 * hapi-pino (registerRequestLogging) and carry the path without its query string, so a
 * `?linkKey=` or `?code=` never reaches a log.
 */
import type { Request, Server } from '@hapi/hapi';
import HapiPino from 'hapi-pino';
import { pino, stdSerializers, type DestinationStream, type Logger as Pino } from 'pino';

type Level = 'debug' | 'info' | 'warn' | 'error';

export interface Logger {
  debug(msg: string, fields?: Record<string, unknown>): void;
  info(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, fields?: Record<string, unknown>): void;
  child(fields: Record<string, unknown>): Logger;
  /** The pino instance underneath, for hapi-pino. */
  readonly pino: Pino;
}

/** Fields that carry secrets wherever a log call may put them: payloads, headers, credentials. */
export const REDACTED_PATHS = [
  'password',
  'currentPassword',
  'newPassword',
  'adminPassword',
  'secret',
  'token',
  'sessionKey',
  'linkKey',
  'verificationCode',
  'cardNumber',
  'cvc',
  '*.password',
  '*.currentPassword',
  '*.newPassword',
  '*.adminPassword',
  '*.secret',
  '*.token',
  '*.sessionKey',
  '*.linkKey',
  '*.verificationCode',
  '*.cardNumber',
  '*.cvc',
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  'headers.cookie',
];

function wrap(p: Pino): Logger {
  const emit = (level: Level) => (msg: string, fields?: Record<string, unknown>) => (fields ? p[level](fields, msg) : p[level](msg));
  return {
    debug: emit('debug'),
    info: emit('info'),
    warn: emit('warn'),
    error: emit('error'),
    child: (fields) => wrap(p.child(fields)),
    pino: p,
  };
}

export function createLogger(level: Level | 'silent', base: Record<string, unknown> = {}, destination?: DestinationStream): Logger {
  const p = pino(
    {
      level,
      base,
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
      serializers: { error: stdSerializers.err, err: stdSerializers.err },
    },
    // Through process.stdout (not pino's own fd writer), so whatever wraps stdout sees every line.
    destination ?? process.stdout,
  );
  return wrap(p);
}

/** One line per answered request: its id, then method, path (no query), status and time; health probes left out. */
export async function registerRequestLogging(server: Server, log: Logger): Promise<void> {
  const options: HapiPino.Options = {
    instance: log.pino,
    wrapSerializers: false,
    logEvents: ['onPostStart', 'onPostStop', 'response'],
    ignorePaths: ['/api/health', '/api/health/live', '/api/health/ready'],
    // Each request gets a child logger, and pino runs every binding through every redaction path
    // as the child is made: one short binding, the request's id, is all the line needs beside its message.
    getChildBindings: (request: Request) => ({ requestId: request.info.id }),
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    serializers: {
      req: (request: Request) => ({ id: request.info.id, method: request.method, path: request.path, remoteAddress: request.info.remoteAddress }),
      res: (res: { statusCode?: number }) => ({ statusCode: res.statusCode }),
    },
    customRequestCompleteMessage: (request, responseTime) => `${request.method.toUpperCase()} ${request.path} ${request.raw.res.statusCode} ${responseTime}ms`,
  };
  await server.register({ plugin: HapiPino, options });
}

/**
 * Secret-looking keys scrubbed from data that is stored, not logged (an error report's request
 * data is whatever the client sent).
 */
const SECRET_KEY = /^(pass(word)?|currentPassword|newPassword|adminPassword|secret|token|code|sessionKey|linkKey|authorization|cookie|cardNumber|cvc)$/i;
export function redactSecrets(value: unknown, depth = 0): unknown {
  if (depth > 6 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => redactSecrets(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = SECRET_KEY.test(k) ? '[redacted]' : redactSecrets(v, depth + 1);
  return out;
}
