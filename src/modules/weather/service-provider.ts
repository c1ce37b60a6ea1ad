/**
 * The weather service: an Open-Meteo-style forecast endpoint asked for the current hour in metric
 * units. Answers are kept per position (rounded to 0.01°, about a kilometre) and hour, so a fleet
 * of screens costs the service one call an hour per place.
 */
import type { Weather } from '../../../contracts/vessels.js';

const TIMEOUT_MS = 5000;
const CACHE_ENTRIES = 2000;
const CURRENT = 'temperature_2m,wind_speed_10m,wind_direction_10m,surface_pressure';

interface ForecastAnswer {
  current?: { time?: string; temperature_2m?: number; wind_speed_10m?: number; wind_direction_10m?: number; surface_pressure?: number };
}

const numberOrNull = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);

export class WeatherService {
  private readonly cache = new Map<string, Weather>();

  constructor(
    private readonly url: string,
    private readonly now: () => number,
  ) {}

  /** The current weather, or null when the service cannot be reached or answers nonsense. */
  async current(lat: number, lon: number): Promise<Weather | null> {
    const position = { latitude: lat.toFixed(2), longitude: lon.toFixed(2) };
    const key = `${position.latitude},${position.longitude},${Math.floor(this.now() / 3_600_000)}`;
    const cached = this.cache.get(key);
    if (cached) return cached;
    const weather = await this.fetch(position);
    if (!weather) return null;
    if (this.cache.size >= CACHE_ENTRIES) this.cache.delete(this.cache.keys().next().value!);
    this.cache.set(key, weather);
    return weather;
  }

  private async fetch(position: { latitude: string; longitude: string }): Promise<Weather | null> {
    const url = new URL(this.url);
    for (const [name, value] of Object.entries({ ...position, current: CURRENT, wind_speed_unit: 'ms', temperature_unit: 'celsius', timezone: 'GMT' }))
      url.searchParams.set(name, value);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS) });
      if (!response.ok) return null;
      const { current } = (await response.json()) as ForecastAnswer;
      if (!current) return null;
      return {
        source: 'service',
        sourceName: 'Open-Meteo',
        observedAt: current.time ? new Date(`${current.time}Z`).toISOString() : null,
        temperatureC: numberOrNull(current.temperature_2m),
        windSpeedMs: numberOrNull(current.wind_speed_10m),
        windDirectionDeg: numberOrNull(current.wind_direction_10m),
        pressureHpa: numberOrNull(current.surface_pressure),
      };
    } catch {
      return null;
    }
  }
}
