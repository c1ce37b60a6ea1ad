/**
 * A small seeded PRNG so that a simulated fleet is reproducible: the same seed and serial give
 * the same vessel, the same voyage and the same noise, run after run.
 */
export interface Random {
  /** Uniform in [0, 1). */
  next(): number;
  /** Uniform in [min, max). */
  between(min: number, max: number): number;
  /** Uniform in [-amplitude, amplitude): sensor noise. */
  noise(amplitude: number): number;
  chance(probability: number): boolean;
}

/** 32-bit FNV-1a: turns a seed and a serial into one PRNG state. */
export function hashSeed(...parts: Array<string | number>): number {
  let hash = 0x811c9dc5;
  for (const char of parts.join('\u0000')) {
    hash ^= char.codePointAt(0) ?? 0;
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** mulberry32: tiny state (one integer per bridge), good enough for telemetry noise. */
export function createRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    between: (min, max) => min + (max - min) * next(),
    noise: (amplitude) => (next() * 2 - 1) * amplitude,
    chance: (probability) => next() < probability,
  };
}
