/** The agent's per-path rate limits and deadbands, on a clock the test moves. */
import { describe, expect, it } from 'vitest';
import { PathLimits, defaultLimits, parseLimitsFile, type Reading } from '../../bridge/limits';

const T0 = Date.parse('2026-06-01T10:00:00.000Z');
const reading = (path: string, value: unknown, atMs: number): Reading => ({ path, value, source: 'n2k.17', timestamp: new Date(atMs).toISOString() });

/** Offers readings at the given times, collecting what goes out at once and what comes due (polled every 100 ms, as a timer would fire). */
function play(limits: PathLimits, readings: Array<[path: string, value: unknown, atMs: number]>, untilMs: number): Array<[string, unknown, number]> {
  const out: Array<[string, unknown, number]> = [];
  let next = 0;
  for (let now = T0; now <= untilMs; now += 100) {
    while (next < readings.length && readings[next][2] <= now) {
      const [path, value, at] = readings[next];
      if (limits.offer(reading(path, value, at), now)) out.push([path, value, now - T0]);
      next += 1;
    }
    for (const due of limits.due(now)) out.push([due.path, due.value, now - T0]);
  }
  return out;
}

describe('per-path rate limits and deadbands', () => {
  it('thins a fast-changing path to its configured rate, keeping the latest reading of each interval', () => {
    const limits = new PathLimits(parseLimitsFile(JSON.stringify({ rules: [{ path: 'navigation.position', interval: 1 }] })));
    // Ten positions a second for three seconds, each one different.
    const positions = Array.from({ length: 30 }, (_, i): [string, unknown, number] => [
      'navigation.position',
      { latitude: 43.7 + i / 1e4, longitude: 7.42 },
      T0 + i * 100,
    ]);
    const out = play(limits, positions, T0 + 5000);
    expect(out.map(([, , at]) => at)).toEqual([0, 1000, 2000, 3000]);
    // The last one is the latest position read, not a stale one.
    expect(out.at(-1)?.[1]).toEqual({ latitude: 43.7 + 29 / 1e4, longitude: 7.42 });
  });

  it('holds back numbers inside the deadband and always sends a value that crosses it', () => {
    const limits = new PathLimits(parseLimitsFile(JSON.stringify({ rules: [{ path: 'electrical.*.voltage', deadband: 0.1 }] })));
    const path = 'electrical.batteries.house.voltage';
    const out = play(
      limits,
      [
        [path, 12.6, T0],
        [path, 12.65, T0 + 100],
        [path, 12.62, T0 + 200],
        [path, 12.75, T0 + 300],
        [path, 12.8, T0 + 400],
        [path, 12.3, T0 + 500],
      ],
      T0 + 1000,
    );
    expect(out).toEqual([
      [path, 12.6, 0],
      [path, 12.75, 300],
      [path, 12.3, 500],
    ]);
  });

  it('sends a crossing held back by the rate limit when the interval ends, even if the value came back', () => {
    const limits = new PathLimits(parseLimitsFile(JSON.stringify({ rules: [{ path: 'tanks.*', interval: 5, deadband: 0.01 }] })));
    const path = 'tanks.fuel.0.currentLevel';
    const out = play(
      limits,
      [
        [path, 0.5, T0],
        [path, 0.6, T0 + 1000],
        [path, 0.502, T0 + 2000],
      ],
      T0 + 6000,
    );
    expect(out).toEqual([
      [path, 0.5, 0],
      [path, 0.502, 5000],
    ]);
  });

  it('sends the last reading after the path falls quiet, within keepAlive, so nothing stays stale', () => {
    const limits = new PathLimits(parseLimitsFile(JSON.stringify({ rules: [{ path: 'environment.*', interval: 1, deadband: 0.5 }], keepAlive: 10 })));
    const path = 'environment.water.temperature';
    const out = play(
      limits,
      [
        [path, 290, T0],
        [path, 290.2, T0 + 1000],
        [path, 290.3, T0 + 2000],
      ],
      T0 + 15_000,
    );
    // 290.2 and 290.3 are inside the deadband: the latest is sent keepAlive after the last value sent.
    expect(out).toEqual([
      [path, 290, 0],
      [path, 290.3, 10_000],
    ]);
    expect(limits.nextDue()).toBeUndefined();
  });

  it('keeps each held reading with its own timestamp and source', () => {
    const limits = new PathLimits(defaultLimits());
    limits.offer(reading('navigation.speedOverGround', 3.1, T0), T0);
    expect(limits.offer({ path: 'navigation.speedOverGround', value: 3.4, source: 'n2k.3', timestamp: '2026-06-01T10:00:00.400Z' }, T0 + 400)).toBe(false);
    expect(limits.nextDue()).toBe(T0 + 1000);
    expect(limits.due(T0 + 1000)).toEqual([{ path: 'navigation.speedOverGround', value: 3.4, source: 'n2k.3', timestamp: '2026-06-01T10:00:00.400Z' }]);
  });

  it('never holds back alarms or switches by default', () => {
    const limits = new PathLimits(defaultLimits());
    for (const [path, values] of [
      ['notifications.tanks.fuel.0.currentLevel', [{ state: 'alarm' }, { state: 'normal' }]],
      ['electrical.switches.bank.0.1.state', [0, 1, 0]],
    ] as const)
      for (const [i, value] of values.entries()) expect(limits.offer(reading(path, value, T0 + i), T0 + i)).toBe(true);
  });

  it('gives every Signal K group of the issue a default rule', () => {
    const limits = new PathLimits(defaultLimits());
    const rule = (path: string) => limits.ruleOf(path);
    expect(rule('navigation.position')).toMatchObject({ interval: 1 });
    expect(rule('environment.inside.engineRoom.temperature')).toMatchObject({ deadband: 0.2 });
    expect(rule('electrical.batteries.house.voltage')).toMatchObject({ deadband: 0.05 });
    expect(rule('propulsion.port.coolantTemperature')).toMatchObject({ deadband: 0.5 });
    expect(rule('tanks.fuel.0.currentLevel')).toMatchObject({ interval: 5 });
    expect(rule('sails.inventory.main.area')).toMatchObject({ path: '*' });
  });

  it.each([
    ['not JSON', '{', 'not JSON'],
    ['a negative interval', '{"rules":[{"path":"navigation.*","interval":-1}]}', '"rules[0].interval" must be greater than or equal to 0'],
    ['a path that is not one', '{"rules":[{"path":"navigation/position"}]}', '"rules[0].path"'],
    ['an unknown field', '{"rules":[{"path":"navigation.*","rate":1}]}', '"rules[0].rate" is not allowed'],
    ['a keepAlive of zero', '{"keepAlive":0}', '"keepAlive" must be greater than or equal to 1'],
  ])('refuses a limits file with %s', (_what, text, message) => {
    expect(() => parseLimitsFile(text)).toThrow(message);
  });
});
