/** The weather as the vessel's own sensors measure it (Signal K units: K, m/s, rad, Pa). */
import type { Weather } from '../../../contracts/vessels.js';

const KELVIN = 273.15;

/** The first of `paths` with a numeric value, converted; true wind before apparent. */
function reading(values: Map<string, { value: unknown; tsMs: number }>, paths: string[], convert: (v: number) => number) {
  for (const path of paths) {
    const found = values.get(path);
    if (typeof found?.value === 'number' && Number.isFinite(found.value)) return { value: Math.round(convert(found.value) * 10) / 10, tsMs: found.tsMs };
  }
  return null;
}

export function weatherFromSensors(vesselName: string, samples: Array<{ path: string; value: unknown; tsMs: number }>): Weather | null {
  const values = new Map(samples.map((s) => [s.path, s]));
  const temperature = reading(values, ['environment.outside.temperature'], (k) => k - KELVIN);
  const windSpeed = reading(values, ['environment.wind.speedTrue', 'environment.wind.speedOverGround', 'environment.wind.speedApparent'], (v) => v);
  const windDirection = reading(values, ['environment.wind.directionTrue'], (rad) => ((((rad * 180) / Math.PI) % 360) + 360) % 360);
  const pressure = reading(values, ['environment.outside.pressure'], (pa) => pa / 100);
  const readings = [temperature, windSpeed, windDirection, pressure].filter((r) => r !== null);
  if (readings.length === 0) return null;
  return {
    source: 'vessel',
    sourceName: `${vesselName}'s sensors`,
    observedAt: new Date(Math.max(...readings.map((r) => r.tsMs))).toISOString(),
    temperatureC: temperature?.value ?? null,
    windSpeedMs: windSpeed?.value ?? null,
    windDirectionDeg: windDirection?.value ?? null,
    pressureHpa: pressure?.value ?? null,
  };
}
