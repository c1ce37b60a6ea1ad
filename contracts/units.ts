/**
 * Shared by the web app and the server (alarm messages). Signal K sends SI units (docs/protocol.md); people read metric or imperial. Speeds are shown in
 * knots in both systems because this is a marine product: boat speed and wind speed are
 * knots on every chart plotter, whatever the owner's other preferences. Angles are degrees
 * in both systems.
 */
export type UnitSystem = 'metric' | 'imperial';

export const DEFAULT_UNIT_SYSTEM: UnitSystem = 'metric';

interface DisplayUnit {
  unit: string;
  decimals: number;
  fromSi: (value: number) => number;
  toSi: (value: number) => number;
}

const KELVIN_OFFSET = 273.15;
const METRES_PER_FOOT = 0.3048;
const LITRES_PER_CUBIC_METRE = 1000;
const CUBIC_METRES_PER_US_GALLON = 0.003785411784;
const PASCALS_PER_BAR = 100_000;
const PASCALS_PER_PSI = 6894.757293168;
const METRES_PER_SECOND_PER_KNOT = 1852 / 3600;

const linear = (unit: string, factor: number, decimals: number): DisplayUnit => ({
  unit,
  decimals,
  fromSi: (value) => value * factor,
  toSi: (value) => value / factor,
});

const identity = (unit: string, decimals: number) => linear(unit, 1, decimals);

const CELSIUS: DisplayUnit = {
  unit: '°C',
  decimals: 1,
  fromSi: (k) => k - KELVIN_OFFSET,
  toSi: (c) => c + KELVIN_OFFSET,
};

const FAHRENHEIT: DisplayUnit = {
  unit: '°F',
  decimals: 1,
  fromSi: (k) => ((k - KELVIN_OFFSET) * 9) / 5 + 32,
  toSi: (f) => ((f - 32) * 5) / 9 + KELVIN_OFFSET,
};

const KNOTS = linear('kn', 1 / METRES_PER_SECOND_PER_KNOT, 1);
const DEGREES = linear('°', 180 / Math.PI, 0);
const PERCENT = linear('%', 100, 0);

const BY_SI_UNIT: Record<string, Record<UnitSystem, DisplayUnit>> = {
  K: { metric: CELSIUS, imperial: FAHRENHEIT },
  'm/s': { metric: KNOTS, imperial: KNOTS },
  m3: {
    metric: linear('L', LITRES_PER_CUBIC_METRE, 0),
    imperial: linear('gal', 1 / CUBIC_METRES_PER_US_GALLON, 0),
  },
  'm3/s': {
    metric: linear('L/h', LITRES_PER_CUBIC_METRE * 3600, 1),
    imperial: linear('gal/h', 3600 / CUBIC_METRES_PER_US_GALLON, 1),
  },
  Pa: {
    metric: linear('bar', 1 / PASCALS_PER_BAR, 2),
    imperial: linear('psi', 1 / PASCALS_PER_PSI, 1),
  },
  ratio: { metric: PERCENT, imperial: PERCENT },
  rad: { metric: DEGREES, imperial: DEGREES },
  'rad/s': { metric: linear('°/s', 180 / Math.PI, 1), imperial: linear('°/s', 180 / Math.PI, 1) },
  m: { metric: identity('m', 1), imperial: linear('ft', 1 / METRES_PER_FOOT, 1) },
  V: { metric: identity('V', 2), imperial: identity('V', 2) },
  A: { metric: identity('A', 1), imperial: identity('A', 1) },
  W: { metric: identity('W', 0), imperial: identity('W', 0) },
  Hz: { metric: identity('Hz', 1), imperial: identity('Hz', 1) },
  C: { metric: linear('Ah', 1 / 3600, 0), imperial: linear('Ah', 1 / 3600, 0) },
  s: { metric: linear('h', 1 / 3600, 1), imperial: linear('h', 1 / 3600, 1) },
  deg: { metric: identity('°', 5), imperial: identity('°', 5) },
};

/** Signal K reports engine revolutions in Hz; skippers read rpm. */
const REVOLUTIONS = linear('rpm', 60, 0);

function normaliseUnit(siUnit: string | null | undefined): string {
  return (siUnit ?? '').trim().replace('m³', 'm3');
}

export function displayUnit(siUnit: string | null | undefined, system: UnitSystem, path = ''): DisplayUnit {
  const unit = normaliseUnit(siUnit);
  if (unit === 'Hz' && /\.revolutions$/.test(path)) return REVOLUTIONS;
  return BY_SI_UNIT[unit]?.[system] ?? identity(unit, 2);
}

/** A value in the user's unit system, rounded for display. */
export function fromSi(value: number, siUnit: string | null | undefined, system: UnitSystem, path = ''): number {
  const target = displayUnit(siUnit, system, path);
  return round(target.fromSi(value), target.decimals);
}

/** What the user entered (in their unit system) back to the SI value the bridge expects. */
export function toSi(value: number, siUnit: string | null | undefined, system: UnitSystem, path = ''): number {
  return displayUnit(siUnit, system, path).toSi(value);
}

export function unitLabel(siUnit: string | null | undefined, system: UnitSystem, path = ''): string {
  return displayUnit(siUnit, system, path).unit;
}

export function round(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
}

export interface Position {
  latitude: number;
  longitude: number;
}

export function isPosition(value: unknown): value is Position {
  return typeof value === 'object' && value !== null && typeof (value as Position).latitude === 'number' && typeof (value as Position).longitude === 'number';
}

/** Degrees and decimal minutes, the way positions are read out on board: 43°42.000′ N. */
export function formatCoordinate(degrees: number, axis: 'lat' | 'lon'): string {
  const hemisphere = axis === 'lat' ? (degrees >= 0 ? 'N' : 'S') : degrees >= 0 ? 'E' : 'W';
  const absolute = Math.abs(degrees);
  let whole = Math.floor(absolute);
  let minutes = round((absolute - whole) * 60, 3);
  if (minutes >= 60) {
    whole += 1;
    minutes = 0;
  }
  return `${whole}°${minutes.toFixed(3).padStart(6, '0')}′ ${hemisphere}`;
}

export function formatPosition(position: Position): string {
  return `${formatCoordinate(position.latitude, 'lat')}, ${formatCoordinate(position.longitude, 'lon')}`;
}

/** The locale a value's number is written in and the words for a switch's two states (the web app passes the user's language's). */
export interface ValueWords {
  locale: string;
  on: string;
  off: string;
}

export const ENGLISH_VALUE_WORDS: ValueWords = { locale: 'en-GB', on: 'On', off: 'Off' };

/**
 * A property value as text in the user's unit system: "26.9 °C", "On", "43°42.000′ N, …".
 * Null or missing values read as an em dash.
 */
export function formatValue(value: unknown, siUnit: string | null | undefined, system: UnitSystem, path = '', words: ValueWords = ENGLISH_VALUE_WORDS): string {
  if (value === null || value === undefined) return '—';
  if (isPosition(value)) return formatPosition(value);
  if (normaliseUnit(siUnit) === 'bool') return value === true || value === 1 ? words.on : words.off;
  if (typeof value === 'boolean') return value ? words.on : words.off;
  if (typeof value !== 'number' || !Number.isFinite(value)) return String(value);
  const target = displayUnit(siUnit, system, path);
  const converted = round(target.fromSi(value), target.decimals);
  const number = converted.toLocaleString(words.locale, {
    minimumFractionDigits: target.decimals,
    maximumFractionDigits: target.decimals,
  });
  if (!target.unit) return number;
  return target.unit === '°' ? `${number}°` : `${number} ${target.unit}`;
}
