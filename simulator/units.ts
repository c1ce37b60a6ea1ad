/** Conversions into Signal K's SI units, and rounding so that payloads stay small. */
export const celsius = (degrees: number): number => degrees + 273.15;
export const knots = (speed: number): number => (speed * 1852) / 3600;
export const rpm = (revolutionsPerMinute: number): number => revolutionsPerMinute / 60;
export const kilopascal = (pressure: number): number => pressure * 1000;
export const litres = (volume: number): number => volume / 1000;
export const degrees = (angle: number): number => (angle * Math.PI) / 180;

export const round = (value: number, digits: number): number => {
  const factor = 10 ** digits;
  // `+ 0` turns -0 into 0: a reading is never "minus zero" on a display.
  return Math.round(value * factor) / factor + 0;
};

export const clamp = (value: number, min: number, max: number): number => Math.min(max, Math.max(min, value));

/** Moves `value` towards `target` by at most `rate * dt`: how temperatures, levels and speeds settle. */
export function approach(value: number, target: number, rate: number, dt: number): number {
  const step = rate * dt;
  if (Math.abs(target - value) <= step) return target;
  return value + Math.sign(target - value) * step;
}
