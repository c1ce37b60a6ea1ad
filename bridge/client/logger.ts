/**
 * Logging for simulated bridges. A bridge has its own level because the cloud can change it
 * (`setLogLevel`), like on a real bridge; the sink is whatever the embedding program uses.
 */
export const LOG_LEVELS = ['error', 'warn', 'info', 'debug'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];
export const isLogLevel = (level: unknown): level is LogLevel => typeof level === 'string' && (LOG_LEVELS as readonly string[]).includes(level);

/** The shape of `console` and of most loggers, so either can be passed in. */
export interface Logger {
  error(message: string): void;
  warn(message: string): void;
  info(message: string): void;
  debug(message: string): void;
}

export const silentLogger: Logger = { error() {}, warn() {}, info() {}, debug() {} };

/** A logger that prefixes the bridge's serial and drops messages below its current level. */
export class BridgeLog implements Logger {
  constructor(
    private readonly sink: Logger,
    private readonly serial: string,
    public level: LogLevel,
  ) {}

  error(message: string): void {
    this.write('error', message);
  }
  warn(message: string): void {
    this.write('warn', message);
  }
  info(message: string): void {
    this.write('info', message);
  }
  debug(message: string): void {
    this.write('debug', message);
  }

  private write(level: LogLevel, message: string): void {
    if (LOG_LEVELS.indexOf(level) > LOG_LEVELS.indexOf(this.level)) return;
    this.sink[level](`${this.serial} ${message}`);
  }
}

/** One line per message on stderr, for the CLI. */
export function stderrLogger(): Logger {
  const line = (level: LogLevel) => (message: string) => process.stderr.write(`${new Date().toISOString()} ${level.toUpperCase()} ${message}\n`);
  return { error: line('error'), warn: line('warn'), info: line('info'), debug: line('debug') };
}
