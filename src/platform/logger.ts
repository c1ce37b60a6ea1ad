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

/**
 * An error's message for a log line. Knex puts the whole statement before the driver's message,
 * values and all (a batch's samples): the driver's message is at the end.
 */
export function errorText(err: unknown): string {
  const message = err instanceof Error ? err.message : String(err);
  return message.length > 300 ? `…${message.slice(-300)}` : message;
}

/**
 * A failure that repeats many times a second (every message of every bridge while the disk is
 * full) as one line per interval: the first as it happens, then, while it goes on, one line an
 * interval with how many more there were and the last one's fields.
 */
export class RepeatedLog {
  private count = 0;
  private last: Record<string, unknown> = {};
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly log: Logger,
    private readonly level: Level,
    private readonly message: string,
    private readonly everyMs = 10_000,
  ) {}

  report(fields: Record<string, unknown>): void {
    if (this.timer) {
      this.count++;
      this.last = fields;
      return;
    }
    this.log[this.level](this.message, fields);
    this.wait();
  }

  private wait(): void {
    this.timer = setTimeout(() => this.summarise(), this.everyMs);
    this.timer.unref();
  }

  private summarise(): void {
    this.timer = null;
    if (!this.count) return;
    this.log[this.level](`${this.message} (${this.count} more in ${this.everyMs / 1000} s)`, { ...this.last, repeated: this.count });
    this.count = 0;
    this.wait();
  }
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
