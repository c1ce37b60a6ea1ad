/**
 * How a compacted hour of history holds its samples (docs/decisions.md, "Compacted history"):
 * the times as zigzag varints — the first in full, then each one's distance from the one before,
 * so a 1 Hz series spends two bytes a sample before compression — followed by the values as one JSON
 * array (exactly the values ingest stored, numbers or not), the whole deflated. Samples come
 * back in time order.
 */
import { deflateRawSync, inflateRawSync } from 'node:zlib';

export type Sample = [number, unknown];

export function packSamples(samples: Sample[]): Buffer {
  const sorted = [...samples].sort((a, b) => a[0] - b[0]);
  const times: number[] = [];
  let previous = 0;
  for (const [tsMs] of sorted) {
    pushVarint(times, zigzag(tsMs - previous));
    previous = tsMs;
  }
  const values = Buffer.from(JSON.stringify(sorted.map(([, value]) => value)));
  const header: number[] = [];
  pushVarint(header, sorted.length);
  return deflateRawSync(Buffer.concat([Buffer.from(header), Buffer.from(times), values]));
}

export function unpackSamples(packed: Uint8Array): Sample[] {
  const { times, values } = unpackColumns(packed);
  return times.map((tsMs, i) => [tsMs, values[i]]);
}

/** A series' samples as two columns, times and values: what a reader of millions wants, without a pair each. */
export interface SampleColumns {
  times: number[];
  values: unknown[];
}

/** unpackSamples as columns. */
export function unpackColumns(packed: Uint8Array): SampleColumns {
  const bytes = inflateRawSync(packed);
  let at = 0;
  const next = () => {
    let n = 0;
    for (let scale = 1; ; scale *= 128) {
      const byte = bytes[at++];
      n += (byte & 127) * scale;
      if (byte < 128) return n;
    }
  };
  const count = next();
  const times: number[] = [];
  for (let tsMs = 0; times.length < count;) times.push((tsMs += unzigzag(next())));
  return { times, values: JSON.parse(bytes.subarray(at).toString()) as unknown[] };
}

/** Small distances either way as small numbers ≥ 0: 0, -1, 1, -2… become 0, 1, 2, 3… */
const zigzag = (n: number) => (n >= 0 ? 2 * n : -2 * n - 1);
const unzigzag = (z: number) => (z % 2 === 0 ? z / 2 : -(z + 1) / 2);

/** Seven bits a byte, least significant first; exact for every safe integer ≥ 0 (no 32-bit operators). */
function pushVarint(out: number[], n: number): void {
  if (!Number.isSafeInteger(n) || n < 0) throw new Error(`cannot pack ${n}`);
  while (n >= 128) {
    out.push((n % 128) + 128);
    n = Math.floor(n / 128);
  }
  out.push(n);
}
