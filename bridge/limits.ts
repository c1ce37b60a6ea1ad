/**
 * Per-path rate limits and deadbands (docs/bridge-agent.md, "Bandwidth"): fewer values over paid
 * mobile data without the cloud ever keeping a stale or wrong picture for long.
 *
 * A path's first reading is sent at once, and so is every reading of a path whose rule has neither
 * an interval nor a deadband. After that a reading is held back when it comes less
 * than `interval` after the last value sent, or when it is a number within `deadband` of it (any
 * other value: equal to it). Only the latest held reading is kept, with its own timestamp and
 * source, and it goes out:
 * - at the end of the interval, when some reading held since the last value sent crossed the
 *   deadband (so a crossing is never lost, only delayed by the rate limit);
 * - otherwise `keepAlive` after the last value sent, so that a value that stays inside its
 *   deadband, or a path that falls quiet, still ends with its latest reading in the cloud and the
 *   cloud's stale mark keeps working.
 */
import Joi from 'joi';

export interface LimitRule {
  /** A dotted Signal K path; `*` stands for one or more segments (`environment.*.temperature`). */
  path: string;
  /** Seconds: at most one value per this time (0: no rate limit). */
  interval: number;
  /** In the path's SI units: a number closer than this to the last value sent is not news (0: none). */
  deadband: number;
}

export interface LimitsConfig {
  rules: LimitRule[];
  /** Seconds: the longest a held reading waits. */
  keepAlive: number;
}

/** One value as read, with what it needs to go out on its own later. */
export interface Reading {
  path: string;
  value: unknown;
  source: string;
  timestamp: string;
}

/**
 * The defaults per Signal K group, first match wins; rules from a limits file come before them.
 * Alarms and switches are never held: a notification must raise at once, and a command is
 * confirmed by the switch's state read back.
 */
export const DEFAULT_RULES: readonly LimitRule[] = [
  { path: 'notifications.*', interval: 0, deadband: 0 },
  { path: 'electrical.switches.*', interval: 0, deadband: 0 },
  { path: 'link.*', interval: 0, deadband: 0 },
  { path: 'navigation.position', interval: 1, deadband: 0 },
  { path: 'navigation.*', interval: 1, deadband: 0 },
  { path: 'environment.depth.*', interval: 1, deadband: 0.1 },
  { path: 'environment.wind.speed*', interval: 1, deadband: 0.2 },
  { path: 'environment.wind.*', interval: 1, deadband: 0.02 },
  { path: 'environment.*.temperature', interval: 10, deadband: 0.2 },
  { path: 'environment.*.pressure', interval: 10, deadband: 20 },
  { path: 'environment.*.relativeHumidity', interval: 10, deadband: 0.01 },
  { path: 'environment.*', interval: 5, deadband: 0 },
  { path: 'electrical.*.voltage', interval: 1, deadband: 0.05 },
  { path: 'electrical.*.lineNeutralVoltage', interval: 1, deadband: 2 },
  { path: 'electrical.*.current', interval: 1, deadband: 0.2 },
  { path: 'electrical.*.frequency', interval: 1, deadband: 0.2 },
  { path: 'electrical.*.stateOfCharge', interval: 5, deadband: 0.005 },
  { path: 'electrical.*.temperature', interval: 10, deadband: 0.5 },
  { path: 'electrical.*', interval: 1, deadband: 0 },
  { path: 'tanks.*.currentLevel', interval: 5, deadband: 0.005 },
  { path: 'tanks.*', interval: 5, deadband: 0 },
  { path: 'propulsion.*.revolutions', interval: 1, deadband: 0.5 },
  { path: 'propulsion.*.runTime', interval: 60, deadband: 0 },
  { path: 'propulsion.*Temperature', interval: 5, deadband: 0.5 },
  { path: 'propulsion.*.temperature', interval: 5, deadband: 0.5 },
  { path: 'propulsion.*Pressure', interval: 5, deadband: 2000 },
  { path: 'propulsion.*', interval: 1, deadband: 0 },
  { path: '*', interval: 1, deadband: 0 },
];

export const DEFAULT_KEEP_ALIVE_SECONDS = 60;

/** No rule holds anything back (`--no-limits`). */
export const NO_LIMITS: LimitsConfig = { rules: [{ path: '*', interval: 0, deadband: 0 }], keepAlive: DEFAULT_KEEP_ALIVE_SECONDS };

const limitsFileSchema = Joi.object({
  rules: Joi.array()
    .items(
      Joi.object({
        path: Joi.string()
          .pattern(/^[A-Za-z0-9_*-]+(\.[A-Za-z0-9_*-]+)*$/)
          .required(),
        interval: Joi.number().min(0).max(86_400).default(0),
        deadband: Joi.number().min(0).default(0),
      }),
    )
    .default([]),
  keepAlive: Joi.number().min(1).max(86_400).default(DEFAULT_KEEP_ALIVE_SECONDS),
}).required();

/** A limits file's content (JSON text) as a config whose own rules come before the defaults; throws an Error saying what is wrong. */
export function parseLimitsFile(text: string): LimitsConfig {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new Error('not JSON');
  }
  const { value, error } = limitsFileSchema.validate(json, { abortEarly: true, convert: false });
  if (error) throw new Error(error.message);
  const own = value as LimitsConfig;
  return { rules: [...own.rules, ...DEFAULT_RULES], keepAlive: own.keepAlive };
}

export const defaultLimits = (): LimitsConfig => ({ rules: [...DEFAULT_RULES], keepAlive: DEFAULT_KEEP_ALIVE_SECONDS });

function patternOf(path: string): RegExp {
  const escaped = path.split('*').map((part) => part.replace(/[.]/g, '\\.'));
  return new RegExp(`^${escaped.join('[^]+')}$`);
}

interface Compiled {
  rule: LimitRule;
  pattern: RegExp;
  intervalMs: number;
  deadband: number;
}

interface PathState {
  rule: Compiled;
  sent: { value: unknown; atMs: number };
  held?: Reading;
  /** A reading held since the last value sent crossed the deadband. */
  crossed: boolean;
}

const differs = (a: unknown, b: unknown, deadband: number): boolean =>
  typeof a === 'number' && typeof b === 'number' ? Math.abs(a - b) >= deadband && a !== b : JSON.stringify(a) !== JSON.stringify(b);

export class PathLimits {
  private readonly rules: Compiled[];
  private readonly keepAliveMs: number;
  private readonly paths = new Map<string, PathState>();

  constructor(config: LimitsConfig) {
    this.rules = config.rules.map((rule) => ({ rule, pattern: patternOf(rule.path), intervalMs: rule.interval * 1000, deadband: rule.deadband }));
    this.keepAliveMs = config.keepAlive * 1000;
  }

  /** Whether a reading read at `nowMs` goes out now; if not, it is held (see `due`). */
  offer(reading: Reading, nowMs: number): boolean {
    const state = this.paths.get(reading.path);
    if (!state) {
      this.paths.set(reading.path, { rule: this.compiledFor(reading.path), sent: { value: reading.value, atMs: nowMs }, crossed: false });
      return true;
    }
    if (state.rule.intervalMs === 0 && state.rule.deadband === 0) return true;
    const crossed = state.crossed || differs(reading.value, state.sent.value, state.rule.deadband);
    if (crossed && nowMs - state.sent.atMs >= state.rule.intervalMs) {
      this.sent(state, reading.value, nowMs);
      return true;
    }
    state.held = reading;
    state.crossed = crossed;
    return false;
  }

  /** The rule a path is kept by. */
  ruleOf(path: string): LimitRule {
    return this.compiledFor(path).rule;
  }

  private compiledFor(path: string): Compiled {
    return this.rules.find((r) => r.pattern.test(path)) ?? { rule: { path, interval: 0, deadband: 0 }, pattern: /^/, intervalMs: 0, deadband: 0 };
  }

  /** The held readings whose time has come at `nowMs`; they count as sent. */
  due(nowMs: number): Reading[] {
    const due: Reading[] = [];
    for (const state of this.paths.values()) {
      if (!state.held || nowMs < this.dueAt(state)) continue;
      due.push(state.held);
      this.sent(state, state.held.value, nowMs);
    }
    return due;
  }

  /** When the next held reading is due, undefined when none is held. */
  nextDue(): number | undefined {
    let next: number | undefined;
    for (const state of this.paths.values()) if (state.held) next = Math.min(next ?? Infinity, this.dueAt(state));
    return next;
  }

  private dueAt(state: PathState): number {
    return state.sent.atMs + (state.crossed ? state.rule.intervalMs : Math.max(this.keepAliveMs, state.rule.intervalMs));
  }

  private sent(state: PathState, value: unknown, atMs: number): void {
    state.sent = { value, atMs };
    state.held = undefined;
    state.crossed = false;
  }
}
