/**
 * The bridge's alarm monitor: watches the vessel's values and raises or clears Signal K
 * notifications (`notifications.<path of the watched value>`), the way Signal K zones do.
 * Scenarios only drive values; whether that is worth an alarm is decided here, as on a real bridge.
 */
import type { SignalKValue } from '../contracts/bridge';
import type { StepContext } from './devices/device-model';
import { CYCLES_PATH } from './devices/bilge';
import type { EngineState } from './devices/engines';
import { celsius } from './units';
import type { Vessel } from './vessel';

export type NotificationState = 'normal' | 'warn' | 'alarm' | 'emergency';
export interface Notification {
  state: NotificationState;
  method: Array<'visual' | 'sound'>;
  message: string;
}

const METHODS: Record<NotificationState, Notification['method']> = { normal: [], warn: ['visual'], alarm: ['visual', 'sound'], emergency: ['visual', 'sound'] };

/** The engine room's fire detector (the `engine-room-fire` scenario): a Signal K emergency. */
export const FIRE_PATH = 'notifications.fire.engineRoom';

interface Verdict {
  state: NotificationState;
  message: string;
}

interface AlarmRule {
  path: string;
  evaluate(context: StepContext, current: NotificationState): Verdict;
}

/** Bilge pump starts within this many ticks that count as high activity. */
export const BILGE_WINDOW_TICKS = 20;
const BILGE_WARN_CYCLES = 3;
const BILGE_ALARM_CYCLES = 6;

/**
 * A value watched against a warn and an alarm limit. Returning to normal needs the value past
 * `clear`, so that noise around a limit does not make the alert flap.
 */
function limitRule(options: {
  path: string;
  read: (vessel: Vessel) => number;
  direction: 'below' | 'above';
  warn: number;
  alarm: number;
  clear: number;
  message: (value: number, state: NotificationState) => string;
}): AlarmRule {
  const beyond = (value: number, limit: number) => (options.direction === 'below' ? value < limit : value > limit);
  return {
    path: options.path,
    evaluate({ vessel }, current) {
      const value = options.read(vessel);
      let state: NotificationState = beyond(value, options.alarm) ? 'alarm' : beyond(value, options.warn) ? 'warn' : 'normal';
      if (state === 'normal' && current !== 'normal' && beyond(value, options.clear)) state = 'warn';
      return { state, message: options.message(value, state) };
    },
  };
}

const percent = (ratio: number): string => `${Math.round(ratio * 100)} %`;
const degreesCelsius = (kelvin: number): string => `${Math.round(kelvin - 273.15)} °C`;

function engineRule(engine: EngineState): AlarmRule {
  return limitRule({
    path: `notifications.propulsion.${engine.engine.engine}.coolantTemperature`,
    read: () => engine.coolantTemperature,
    direction: 'above',
    warn: celsius(95),
    alarm: celsius(100),
    clear: celsius(90),
    message: (value, state) =>
      state === 'normal'
        ? `${engine.engine.name} coolant temperature normal (${degreesCelsius(value)})`
        : `${engine.engine.name} over temperature: coolant at ${degreesCelsius(value)}`,
  });
}

function rulesFor(vessel: Vessel): AlarmRule[] {
  return [
    limitRule({
      path: 'notifications.electrical.batteries.house.capacity.stateOfCharge',
      read: (v) => v.batteries.house.stateOfCharge,
      direction: 'below',
      warn: 0.3,
      alarm: 0.2,
      clear: 0.35,
      message: (value, state) => (state === 'normal' ? `House battery recovered to ${percent(value)}` : `House battery low: ${percent(value)}`),
    }),
    {
      path: 'notifications.electrical.ac.shore.phase.single.lineNeutralVoltage',
      evaluate: ({ vessel: v }) =>
        v.acPower.shoreConnected && v.acPower.shoreVoltage < 180
          ? { state: 'alarm', message: 'Shore power lost' }
          : { state: 'normal', message: 'Shore power restored' },
    },
    {
      path: `notifications.${CYCLES_PATH}`,
      evaluate: ({ vessel: v, tick, dt }) => {
        const cycles = v.bilge.cyclesWithin(BILGE_WINDOW_TICKS, tick);
        const seconds = Math.round(BILGE_WINDOW_TICKS * dt);
        if (cycles >= BILGE_ALARM_CYCLES) return { state: 'alarm', message: `High bilge activity: pump cycled ${cycles} times in ${seconds} s` };
        if (cycles >= BILGE_WARN_CYCLES) return { state: 'warn', message: `Bilge pump cycled ${cycles} times in ${seconds} s` };
        return { state: 'normal', message: 'Bilge activity normal' };
      },
    },
    ...vessel.engines.all.map(engineRule),
    {
      path: FIRE_PATH,
      evaluate: ({ vessel: v }) =>
        v.fire ? { state: 'emergency', message: 'Fire in the engine room' } : { state: 'normal', message: 'Engine room fire detector normal' },
    },
  ];
}

export class AlarmMonitor {
  readonly source = 'sim.alarms';
  private readonly rules: AlarmRule[];
  private readonly notifications: Notification[];

  constructor(vessel: Vessel) {
    this.rules = rulesFor(vessel);
    this.notifications = this.rules.map(() => ({ state: 'normal', method: METHODS.normal, message: 'Normal' }));
  }

  /** Notifications whose state changed since the last check. */
  check(context: StepContext): SignalKValue[] {
    const changed: SignalKValue[] = [];
    this.rules.forEach((rule, index) => {
      const { state, message } = rule.evaluate(context, this.notifications[index].state);
      if (state === this.notifications[index].state) return;
      this.notifications[index] = { state, method: METHODS[state], message };
      changed.push({ path: rule.path, value: this.notifications[index] });
    });
    return changed;
  }

  values(): SignalKValue[] {
    return this.rules.map((rule, index) => ({ path: rule.path, value: this.notifications[index] }));
  }
}
